import { companySchema, detailSchema, mutationSchema, type CompanyDto } from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const companyDetail = detailSchema(companySchema);
const companyMutation = mutationSchema(companySchema);

/** POST /company: the caller becomes the OWNER of a new team. */
export async function registerCompany(api: ApiClient, name: string) {
  return companyMutation.parse(await api.post('/company', { name }));
}

/** GET /company/{id}. */
export async function fetchCompany(api: ApiClient, id: number): Promise<CompanyDto> {
  return companyDetail.parse(await api.get(`/company/${id}`)).data;
}

/** PATCH /company/{id}. */
export async function renameCompany(api: ApiClient, id: number, name: string) {
  return companyMutation.parse(await api.patch(`/company/${id}`, { name }));
}

/** PUT /company/{id}/logo (multipart field `file`). */
export async function uploadLogo(api: ApiClient, id: number, file: Blob) {
  return companyMutation.parse(await api.putFile(`/company/${id}/logo`, 'file', file));
}
