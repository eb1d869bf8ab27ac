import { z } from 'zod';
import { APP_ID_PATTERN } from './guests';

/**
 * Virtual backgrounds (spec calls §7.9; product spec §3 "Virtual background: id"):
 * images a person uploads to put behind their camera picture. Each belongs to
 * one owner: a signed-in user, or a guest session (one guest on one floor).
 *
 * Signed-in user (user token only; a guest token is FORBIDDEN):
 * - `GET /api/virtual-backgrounds` — my backgrounds, newest first, as a list answer (§7.1).
 *   Not in the spec's table; the picker needs it.
 * - `POST /api/virtual-backgrounds/upload` — multipart field `file`: JPG or PNG by its bytes, at most
 *   VIRTUAL_BACKGROUND_MAX_BYTES, at most VIRTUAL_BACKGROUND_MAX_COUNT per owner. 201 `{ data, message }`.
 * - `DELETE /api/virtual-backgrounds/{id}` — `{ data, message }`; the file is removed.
 *
 * Guest session (guest token only; a user token is FORBIDDEN), with the extra parameters
 * `floorId` and `participantId` (the guest's app_id) in the query; they must be the token's own,
 * the spec's "participantId and appointmentId" pair with the floor standing in for the appointment:
 * - `GET /api/virtual-backgrounds/guest?floorId&participantId`
 * - `POST /api/virtual-backgrounds/upload/guest?floorId&participantId`
 * - `DELETE /api/virtual-backgrounds/{id}/guest?floorId&participantId`
 *
 * Either session: `GET /api/virtual-backgrounds/download/{id}` — the bytes (a blob), to the owner only.
 * Someone else's background and one that does not exist are both VIRTUAL_BACKGROUND_NOT_FOUND.
 */
export const VIRTUAL_BACKGROUND_MAX_BYTES = 5 * 1024 * 1024;
export const VIRTUAL_BACKGROUND_MAX_COUNT = 20;
/** The sniffed types a background may have. */
export const VIRTUAL_BACKGROUND_TYPES = ['image/jpeg', 'image/png'] as const;

export const virtualBackgroundSchema = z.object({
  id: z.number().int().positive(),
  mimeType: z.enum(VIRTUAL_BACKGROUND_TYPES),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The download path under /api (needs the owner's token: fetch it as a blob). */
  url: z.string(),
});
export type VirtualBackgroundDto = z.infer<typeof virtualBackgroundSchema>;

export const virtualBackgroundIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The extra parameters of the guest variant: the guest's own floor and app_id. */
export const virtualBackgroundGuestQuerySchema = z.object({
  floorId: z.coerce.number().int().positive(),
  participantId: z.string().regex(APP_ID_PATTERN),
});
export type VirtualBackgroundGuestQuery = z.infer<typeof virtualBackgroundGuestQuerySchema>;

const guestQuery = (q: VirtualBackgroundGuestQuery) =>
  `floorId=${q.floorId}&participantId=${encodeURIComponent(q.participantId)}`;

/** Paths of the calls, under `/api`; pass the guest parameters for a guest session. */
export const VIRTUAL_BACKGROUND_PATHS = {
  list: (guest?: VirtualBackgroundGuestQuery) =>
    guest ? `/virtual-backgrounds/guest?${guestQuery(guest)}` : '/virtual-backgrounds',
  upload: (guest?: VirtualBackgroundGuestQuery) =>
    guest ? `/virtual-backgrounds/upload/guest?${guestQuery(guest)}` : '/virtual-backgrounds/upload',
  remove: (id: number, guest?: VirtualBackgroundGuestQuery) =>
    guest ? `/virtual-backgrounds/${id}/guest?${guestQuery(guest)}` : `/virtual-backgrounds/${id}`,
  download: (id: number) => `/virtual-backgrounds/download/${id}`,
} as const;
