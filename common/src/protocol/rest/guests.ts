import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../../domain/constants';
import { FLOOR_PASSWORD_MAX } from '../../domain/floors';
import { safeDisplayText } from '../safe-text';
import { floorSchema } from './floors';

/*
 * Account-less guests on a floor (spec §2 /floors/{id}?app_id=, §6 "guest
 * user", calls spec §7.3 POST {floorId}/join-guest). `app_id` is either a
 * guest participant's own link token or the floor's invite-link token (public
 * floors only); both are opaque random strings.
 */

/** An app_id is 43 base64url characters (32 random bytes); the server answers any other INVALID_FLOOR_LINK. */
export const APP_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isAppId = (value: unknown): value is string => typeof value === 'string' && APP_ID_PATTERN.test(value);
/** Loose on purpose: a malformed link is INVALID_FLOOR_LINK (not a form field error). */
export const appIdSchema = z.string().max(200).default('');

/** GET /floors/{id}/guest?app_id=: what an account-less visitor of the link may see. */
export const guestLandingQuerySchema = z.object({ app_id: appIdSchema });

/** POST /floors/{id}/join-guest. */
export const joinGuestSchema = z.object({
  participantId: appIdSchema,
  name: safeDisplayText({ max: NAME_MAX_LENGTH, required: 'guestNameRequired', tooLong: 'nameTooLong' }),
  /** The floor password, when the floor has one. */
  password: z.string().max(FLOOR_PASSWORD_MAX, 'floorPasswordLength').optional(),
});
export type JoinGuestBody = z.input<typeof joinGuestSchema>;

/** POST /floors/{id}/join-link: a signed-in person opens an app_id link (answers the floor). */
export const joinLinkSchema = z.object({ participantId: appIdSchema });

export const guestLandingSchema = z.object({
  floor: floorSchema,
  /** The invited guest's name (prefills the display-name dialog); null for an invite-link visitor. */
  name: z.string().nullable(),
});
export type GuestLanding = z.infer<typeof guestLandingSchema>;

/** A guest session: a short-lived token for this floor only (socket handshake `auth.token`). */
export const guestSessionSchema = z.object({
  floorId: z.number().int(),
  token: z.string(),
  /** ISO time the token stops working; join again through the link after it. */
  expiresAt: z.string(),
  /** The guest's own app_id (an invite-link visitor gets a new one: keep it to come back as the same person). */
  participantId: z.string().regex(APP_ID_PATTERN),
  userId: z.number().int(),
  name: z.string(),
});
export type GuestSession = z.infer<typeof guestSessionSchema>;
