import {
  detailSchema,
  employeeRowSchema,
  invitationAcceptedSchema,
  invitationCheckSchema,
  mutationSchema,
  pagedSchema,
  PAGE_SIZE,
  userSchema,
  type InvitationCheck,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const employeesPage = pagedSchema(employeeRowSchema);
const rowsMutation = mutationSchema(employeeRowSchema.array());
const rowMutation = mutationSchema(employeeRowSchema);
const checkAnswer = detailSchema(invitationCheckSchema);
const acceptMutation = mutationSchema(invitationAcceptedSchema);

/** GET /company-employees: members and pending invitations, the owner first. */
export async function fetchEmployees(api: ApiClient, page = 1, limit = PAGE_SIZE) {
  return employeesPage.parse(await api.get(`/company-employees?page=${page}&limit=${limit}`));
}

/** POST /company-employees/bulk. */
export async function inviteEmployees(api: ApiClient, emails: string[]) {
  return rowsMutation.parse(await api.post('/company-employees/bulk', { emails }));
}

/** POST /company-employees/re-send/{id} (id of the pending invitation). */
export async function resendInvitation(api: ApiClient, id: number) {
  return rowMutation.parse(await api.post(`/company-employees/re-send/${id}`));
}

/** GET /company-employees/{id}/check?email= (public). */
export async function checkInvitation(api: ApiClient, id: number, email: string): Promise<InvitationCheck> {
  return checkAnswer.parse(await api.get(`/company-employees/${id}/check?email=${encodeURIComponent(email)}`)).data;
}

/** POST /company-employees/accept/{id}. */
export async function acceptInvitation(api: ApiClient, id: number) {
  return acceptMutation.parse(await api.post(`/company-employees/accept/${id}`));
}

/** DELETE /company/{companyId}/members/{userId}: the former member and a message. */
export async function removeMember(api: ApiClient, companyId: number, userId: number) {
  return mutationSchema(userSchema).parse(await api.delete(`/company/${companyId}/members/${userId}`));
}
