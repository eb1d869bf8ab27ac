import { z } from 'zod';
import { LOCALES } from '../../domain/locale';
import { displayNameSchema } from './common';
import { isCountryCode } from './countries';

/** PATCH /users/me: every field optional; country is ISO 3166-1 alpha-2 (null clears it). */
export const profileUpdateSchema = z.object({
  name: displayNameSchema.optional(),
  country: z.string('country').trim().toUpperCase().refine(isCountryCode, { message: 'country' }).nullable().optional(),
  locale: z.enum(LOCALES, 'locale').optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

/**
 * PUT /users/me/host-guide: the spec's stored flag skipHostGuide. The
 * in-floor tutorial sets it once skipped or finished, so that no other
 * device shows it again; false shows it again on the next live floor.
 */
export const hostGuideSchema = z.object({ skipHostGuide: z.boolean() });
export type HostGuideBody = z.input<typeof hostGuideSchema>;
