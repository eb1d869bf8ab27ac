import type { Mutation, Paged, PageQuery } from '@tsudoi/common';

/** The paged answer of spec §7.1: data, count, total, pageCount, page. */
export function paged<T>(rows: T[], total: number, query: PageQuery): Paged<T> {
  return {
    data: rows,
    count: rows.length,
    total,
    pageCount: Math.ceil(total / query.limit),
    page: query.page,
  };
}

export const pageWindow = (query: PageQuery) => ({ limit: query.limit, offset: (query.page - 1) * query.limit });

/** Create, update and delete answer with data and message. */
export const mutation = <T>(data: T, message: string): Mutation<T> => ({ data, message });
