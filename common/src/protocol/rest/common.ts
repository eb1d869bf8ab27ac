import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../errors';
import { NAME_MAX_LENGTH, PAGE_SIZE } from '../../domain/constants';
import { safeDisplayText } from '../safe-text';

/** Query of every list call: page (1-based) and limit (default 20, spec §7.1). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Answer of every list call: data, count, total, pageCount, page. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    count: z.number().int(),
    total: z.number().int(),
    pageCount: z.number().int(),
    page: z.number().int(),
  });
export interface Paged<T> {
  data: T[];
  count: number;
  total: number;
  pageCount: number;
  page: number;
}

/** Answer of a detail call (GET by id, GET /auth/me, the invitation check): the item under data. */
export const detailSchema = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Answer of create, update and delete: data and a (localised) message. */
export const mutationSchema = <T extends z.ZodType>(item: T) => z.object({ data: item, message: z.string() });
export interface Mutation<T> {
  data: T;
  message: string;
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterS: z.number().int().positive().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A person's or a team's name (spec §5: a required field's message names the
 * field). The messages are ids under `validation.` in the i18n catalogues.
 */
export const displayNameSchema = safeDisplayText({
  max: NAME_MAX_LENGTH,
  required: 'nameRequired',
  tooLong: 'nameTooLong',
  invalidType: 'nameRequired',
});
