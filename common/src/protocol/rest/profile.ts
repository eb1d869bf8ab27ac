import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../../domain/constants';
import { LOCALES } from '../../domain/locale';
import { isCountryCode } from './countries';

/** PATCH /users/me: every field optional; country is ISO 3166-1 alpha-2 (null clears it). */
export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  country: z.string().trim().toUpperCase().refine(isCountryCode, { message: 'country' }).nullable().optional(),
  locale: z.enum(LOCALES).optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;
