import { profileUpdateSchema, type ProfileUpdateBody } from '../rest/profile';
import type { UserDto } from '../rest/auth';
import type { AckCallback } from './ack';

/**
 * profile:* — "update user profile" of spec §7.13. `profile:update` changes
 * the caller's own name, country or language (the same checks as PATCH
 * /users/me). After any change of a profile, by this event, PATCH /users/me
 * or a new picture (PUT /users/me/avatar), every open socket of that account
 * gets `profile:updated` with the new profile (each tab updates its header),
 * and each floor the person is on gets them again in `floor:usersChanged`
 * (everyone there sees the new name and picture).
 */
export interface ProfileClientEvents {
  'profile:update': (payload: ProfileUpdateBody, ack: AckCallback<UserDto>) => void;
}
export interface ProfileServerEvents {
  /** The account's own profile changed (in this tab or another): the whole new profile. */
  'profile:updated': (payload: UserDto) => void;
}

export const profileSchemas = { 'profile:update': profileUpdateSchema } as const;
