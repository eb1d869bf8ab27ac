import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../errors';
import { PAGE_SIZE } from '../../domain/constants';

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
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
