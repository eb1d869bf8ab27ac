import { detailSchema, userSchema, type UserDto } from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const meSchema = detailSchema(userSchema);

/** GET /auth/me: the signed-in account as it is now, to store after anything that changed it. */
export async function fetchCurrentUser(api: ApiClient): Promise<UserDto> {
  return meSchema.parse(await api.get('/auth/me')).data;
}
