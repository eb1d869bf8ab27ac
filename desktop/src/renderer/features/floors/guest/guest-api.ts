import { z } from 'zod';
import { detailSchema, floorSchema, guestLandingSchema, guestSessionSchema, type JoinGuestBody } from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const landingAnswer = detailSchema(guestLandingSchema);
const sessionAnswer = detailSchema(guestSessionSchema);
const floorAnswer = detailSchema(floorSchema);

/** GET /floors/{id}/guest?app_id=: the floor as the holder of the link sees it. */
export async function fetchGuestLanding(api: ApiClient, floorId: number, appId: string) {
  return landingAnswer.parse(await api.get(`/floors/${floorId}/guest?app_id=${encodeURIComponent(appId)}`)).data;
}

/** POST /floors/{id}/join-guest: a guest session for that floor. */
export async function joinAsGuest(api: ApiClient, floorId: number, body: JoinGuestBody) {
  return sessionAnswer.parse(await api.post(`/floors/${floorId}/join-guest`, body)).data;
}

/** POST /floors/{id}/join-link: a signed-in person opens an app_id link (public invite or their own). */
export async function joinByLink(api: ApiClient, floorId: number, appId: string) {
  return floorAnswer.parse(await api.post(`/floors/${floorId}/join-link`, { participantId: appId })).data;
}

const resendAnswer = z.object({ message: z.string() });

/** POST /appointment/request-link-appointment (no sign-in): the visit's link mailed again; the same answer either way. */
export async function requestVisitLink(api: ApiClient, floorId: number, email: string) {
  return resendAnswer.parse(await api.post('/appointment/request-link-appointment', { floorId, email })).message;
}
