import {
  messageAnswerSchema,
  mutationSchema,
  userSchema,
  type PasswordChangeBody,
  type ProfileUpdateBody,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const userMutation = mutationSchema(userSchema);

/** PATCH /users/me. */
export async function updateProfile(api: ApiClient, body: ProfileUpdateBody) {
  return userMutation.parse(await api.patch('/users/me', body));
}

/** PUT /users/me/avatar (multipart field `file`). */
export async function uploadAvatar(api: ApiClient, file: Blob) {
  return userMutation.parse(await api.putFile('/users/me/avatar', 'file', file));
}

/** PUT /users/me/password: the other sign-ins of the account end; this one stays. */
export async function changePassword(api: ApiClient, body: PasswordChangeBody) {
  return messageAnswerSchema.parse(await api.request('PUT', '/users/me/password', body));
}
