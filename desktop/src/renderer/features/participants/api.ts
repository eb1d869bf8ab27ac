import {
  mutationSchema,
  pagedSchema,
  participantSchema,
  type ParticipantDto,
  type ParticipantPermissions,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const listAnswer = pagedSchema(participantSchema);
const oneAnswer = mutationSchema(participantSchema);

/** GET /floors/{id}/participants: everyone invited (the host first), up to 100. */
export async function fetchParticipants(api: ApiClient, floorId: number): Promise<ParticipantDto[]> {
  return listAnswer.parse(await api.get(`/floors/${floorId}/participants?limit=100`)).data;
}

/** PATCH /participant/{id}: the whole set of flags. */
export async function savePermissions(api: ApiClient, id: number, permissions: ParticipantPermissions) {
  return oneAnswer.parse(await api.patch(`/participant/${id}`, { permissions }));
}
