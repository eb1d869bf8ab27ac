import {
  activitySchema,
  detailSchema,
  mutationSchema,
  type ActivityCreateBody,
  type ActivityDto,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const listAnswer = detailSchema(activitySchema.array());
const oneAnswer = mutationSchema(activitySchema);

/** GET /activities?floorId: today's events of the floor. */
export async function fetchActivities(api: ApiClient, floorId: number): Promise<ActivityDto[]> {
  return listAnswer.parse(await api.get(`/activities?floorId=${floorId}`)).data;
}

export async function createActivity(api: ApiClient, body: ActivityCreateBody) {
  return oneAnswer.parse(await api.post('/activities', body));
}

export async function deleteActivity(api: ApiClient, id: number) {
  return api.delete<{ message: string }>(`/activities/${id}`);
}
