/** Paging of the infinite floor lists (spec §3 paging state, §4 list state), kept free of the store for tests. */
export interface PagingState<T extends { id: number }> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  loading: boolean;
  error: string | null;
}

/** The items with a later page appended; an item already shown (the list moved meanwhile) is not repeated. */
export function appendPage<T extends { id: number }>(items: readonly T[], page: readonly T[]): T[] {
  const known = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !known.has(item.id))];
}

/** The list without the item deleted, and one fewer in the total when it was there. */
export function withoutItem<T extends { id: number }>(state: Pick<PagingState<T>, 'items' | 'total'>, id: number) {
  const items = state.items.filter((item) => item.id !== id);
  return { items, total: items.length < state.items.length ? Math.max(0, state.total - 1) : state.total };
}

/** More pages exist and none is on its way (the scroll sentinel may ask for the next). */
export const hasMorePages = (state: PagingState<{ id: number }>): boolean =>
  !state.loading && !state.error && state.page < state.pageCount;
