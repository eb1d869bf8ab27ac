import {
  detailSchema,
  floorEmployeeSchema,
  floorGroupCountsSchema,
  floorPlanCategorySchema,
  floorSchema,
  mutationSchema,
  pagedSchema,
  participantSchema,
  PAGE_SIZE,
  type ParticipantDto,
  roomSchema,
  type FloorCreateBody,
  type FloorGroup,
  type FloorUpdateBody,
  type ParticipantRegisterBody,
  type RoomUpdateBody,
} from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const floorsPage = pagedSchema(floorSchema);
const floorDetail = detailSchema(floorSchema);
const groupCounts = detailSchema(floorGroupCountsSchema);
const floorMutation = mutationSchema(floorSchema);
const deleteMutation = mutationSchema(floorSchema.pick({ id: true }));
const categoriesAnswer = detailSchema(floorPlanCategorySchema.array());
const roomsAnswer = detailSchema(roomSchema.array());
const roomMutation = mutationSchema(roomSchema);
const employeesPage = pagedSchema(floorEmployeeSchema);
const registerMutation = mutationSchema(participantSchema.array());
const participantsPage = pagedSchema(participantSchema);

/** How many pages of 100 the edit page reads of a floor's participants (a floor is for 50 at once). */
const PARTICIPANT_PAGES_MAX = 10;

/** Which list: the floors I take part in (/floors) or the ones I host (/floors/hosted). */
export type FloorScope = 'all' | 'hosted';

/** GET /floors or /floors/hosted, one group, paged by 20 (spec §3 paging state). */
export async function fetchFloors(api: ApiClient, scope: FloorScope, group: FloorGroup, page: number) {
  const base = scope === 'hosted' ? '/floors/hosted' : '/floors';
  return floorsPage.parse(await api.get(`${base}?group=${group}&page=${page}&limit=${PAGE_SIZE}`));
}

/** GET /floors/groups or /floors/hosted/groups: how many floors each tab holds. */
export async function fetchFloorGroups(api: ApiClient, scope: FloorScope) {
  const base = scope === 'hosted' ? '/floors/hosted' : '/floors';
  return groupCounts.parse(await api.get(`${base}/groups`)).data;
}

export async function fetchFloor(api: ApiClient, id: number) {
  return floorDetail.parse(await api.get(`/floors/${id}`)).data;
}

export async function createFloor(api: ApiClient, body: FloorCreateBody) {
  return floorMutation.parse(await api.post('/floors', body));
}

/** POST /floors/duplicate: the new floor's create body plus the id of the floor it copies. */
export async function duplicateFloor(api: ApiClient, sourceId: number, body: FloorCreateBody) {
  return floorMutation.parse(await api.post('/floors/duplicate', { ...body, id: sourceId }));
}

export async function updateFloor(api: ApiClient, id: number, body: FloorUpdateBody) {
  return floorMutation.parse(await api.patch(`/floors/${id}`, body));
}

export async function deleteFloor(api: ApiClient, id: number) {
  return deleteMutation.parse(await api.delete(`/floors/${id}`));
}

/** PUT /floors/{id}/image (multipart `file`; JPG or PNG, at most 1 MB). */
export async function uploadFloorImage(api: ApiClient, id: number, file: Blob) {
  return floorMutation.parse(await api.putFile(`/floors/${id}/image`, 'file', file));
}

export async function fetchPlanCategories(api: ApiClient) {
  return categoriesAnswer.parse(await api.get('/floor-plan-category')).data;
}

export async function fetchRooms(api: ApiClient, floorId: number) {
  return roomsAnswer.parse(await api.get(`/floors/${floorId}/rooms`)).data;
}

/** POST /floor-room/{id}/lock: locking issues a password (shown to the locker and the hosts). */
export async function lockRoom(api: ApiClient, roomId: number, locked: boolean) {
  return roomMutation.parse(await api.post(`/floor-room/${roomId}/lock`, { locked }));
}

/** PATCH /floor-room/{id} (hosts and subhosts): seats and save-chat; the name and type follow the room's number. */
export async function editRoom(api: ApiClient, roomId: number, body: RoomUpdateBody) {
  return roomMutation.parse(await api.patch(`/floor-room/${roomId}`, body));
}

/** GET /participant/employees: my team members (100, the most a plan allows), marked when on the floor. */
export async function fetchFloorEmployees(api: ApiClient, floorId: number | null) {
  const query = floorId ? `&floorId=${floorId}` : '';
  return employeesPage.parse(await api.get(`/participant/employees?page=1&limit=100${query}`)).data;
}

export async function registerParticipants(api: ApiClient, body: ParticipantRegisterBody) {
  return registerMutation.parse(await api.post('/participant/register', body));
}

/** GET /floors/{id}/participants, page after page (100 each): everyone invited to the floor, the host first. */
export async function fetchAllParticipants(api: ApiClient, floorId: number): Promise<ParticipantDto[]> {
  const all: ParticipantDto[] = [];
  for (let page = 1; page <= PARTICIPANT_PAGES_MAX; page += 1) {
    const answer = participantsPage.parse(await api.get(`/floors/${floorId}/participants?page=${page}&limit=100`));
    all.push(...answer.data);
    if (page >= answer.pageCount) break;
  }
  return all;
}
