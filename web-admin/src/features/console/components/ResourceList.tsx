import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE, type MessageId } from '@tsudoi/common';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { exportRequested, listRequested, selectList, type Row } from '../slice';
import { TableRows, type Column } from './SimpleTable';
import './console.css';

export type { Column } from './SimpleTable';

export interface Filter {
  name: string;
  label: MessageId;
  options: { value: string; label: MessageId }[];
}

/** The rows a page may show (the server allows 1–100; 20 by default). */
const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Live, deleted or all: the filter of lists whose rows can be soft-deleted. */
export const STATE_FILTER: Filter = {
  name: 'state',
  label: 'adminConsole.filter.state',
  options: [
    { value: 'live', label: 'adminConsole.filter.live' },
    { value: 'deleted', label: 'adminConsole.filter.deleted' },
    { value: 'all', label: 'adminConsole.filter.all' },
  ],
};

export interface ResourceListProps {
  /** The state key of the list (one per resource). */
  resource: string;
  title: MessageId;
  /** The API list path (admin/users…); the export is at `${api}/export` when `exportable`. */
  api: string;
  exportable?: boolean;
  columns: Column[];
  filters?: Filter[];
  defaultSort: string;
  /** The detail page of a row, when there is one. */
  rowLink?(row: Row): string;
  actions?: ReactNode;
  searchable?: boolean;
}

/**
 * An admin list (spec §2 admin lists; calls spec §7.1): server-side search,
 * sort, filters and paging, all kept in the page's address so a list can be
 * shared or reloaded; CSV export of what is shown (every page).
 */
export function ResourceList(props: ResourceListProps) {
  const {
    resource,
    title,
    api,
    exportable,
    columns,
    filters = [],
    defaultSort,
    rowLink,
    actions,
    searchable = true,
  } = props;
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const list = useAppSelector(selectList(resource));
  const [search, setSearch] = useState(params.get('q') ?? '');
  useDocumentTitle(t(title));

  const query = new URLSearchParams(params);
  if (!query.get('sort')) query.set('sort', defaultSort);
  const queryString = query.toString();
  useEffect(() => {
    dispatch(listRequested({ key: resource, path: `${api}?${queryString}` }));
  }, [dispatch, resource, api, queryString]);

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete('page');
    setParams(next, { replace: true });
  };
  const sort = query.get('sort')!;
  const order = query.get('order') ?? 'desc';
  const page = list?.data;
  const requested = Number(params.get('page') ?? 1);
  // the page shown is the one the server answered (the address may be ahead of it while loading)
  const current = page?.page ?? requested;
  const limit = Number(params.get('limit') ?? PAGE_SIZE);
  // an address past the last page (typed, or left by deleting the last rows of the last page) shows the last one
  const pastTheEnd =
    page && page.data.length === 0 && page.total > 0 && page.pageCount > 0 && requested > page.pageCount;
  const lastPage = page?.pageCount;
  useEffect(() => {
    if (pastTheEnd && lastPage) update({ page: String(lastPage) }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update reads the address of this render
  }, [pastTheEnd, lastPage]);
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete('page');
  exportQuery.delete('limit');

  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1 className="console-page__title">{t(title)}</h1>
        <div className="console-page__actions">
          {actions}
          {exportable && (
            <Button
              variant="secondary"
              onClick={() => dispatch(exportRequested({ path: `${api}/export?${exportQuery}` }))}
            >
              {t('adminConsole.list.export')}
            </Button>
          )}
        </div>
      </header>
      <div className="console-toolbar">
        {searchable && (
          <form
            className="console-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              update({ q: search.trim() });
            }}
          >
            <input
              type="search"
              className="console-search__input"
              aria-label={t('adminConsole.list.search')}
              placeholder={t('adminConsole.list.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Button type="submit">{t('adminConsole.list.search')}</Button>
          </form>
        )}
        {filters.map((filter) => (
          <label key={filter.name} className="console-filter">
            <span>{t(filter.label)}</span>
            <select
              value={params.get(filter.name) ?? ''}
              onChange={(event) => update({ [filter.name]: event.target.value })}
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div className="console-card console-table-wrap" aria-busy={list?.loading || undefined}>
        <table className="console-table">
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = column.sort && sort === column.sort;
                return (
                  <th
                    key={column.key}
                    className={column.wide ? 'console-table__wide' : undefined}
                    aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        className="console-table__sort"
                        aria-label={t('adminConsole.list.sortBy', { column: t(column.label) })}
                        onClick={() =>
                          update({ sort: column.sort!, order: sorted && order === 'desc' ? 'asc' : 'desc' }, false)
                        }
                      >
                        {t(column.label)}
                        <span aria-hidden="true" className="console-table__arrow">
                          {sorted ? (order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      t(column.label)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <TableRows columns={columns} rows={page?.data ?? []} rowLink={rowLink} />
        </table>
        {list?.error && <p className="console-empty console-empty--error">{list.error}</p>}
        {page && page.data.length === 0 && <p className="console-empty">{t('adminConsole.list.noResults')}</p>}
        {!page && !list?.error && <p className="console-empty">{t('adminConsole.list.loading')}</p>}
      </div>
      {page && (
        <nav
          className="console-pager"
          aria-label={t('adminConsole.list.page', { page: current, pageCount: page.pageCount || 1 })}
        >
          <span className="console-pager__total">{t('adminConsole.list.total', { total: page.total })}</span>
          <label className="console-pager__size">
            <span>{t('adminConsole.list.perPage')}</span>
            <select
              value={String(limit)}
              onChange={(event) =>
                update({ limit: event.target.value === String(PAGE_SIZE) ? null : event.target.value })
              }
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <span className="console-pager__nav">
            <Button
              variant="secondary"
              disabled={current <= 1}
              onClick={() => update({ page: String(current - 1) }, false)}
            >
              {t('adminConsole.list.previous')}
            </Button>
            <span>{t('adminConsole.list.page', { page: current, pageCount: page.pageCount || 1 })}</span>
            <Button
              variant="secondary"
              disabled={current >= page.pageCount}
              onClick={() => update({ page: String(current + 1) }, false)}
            >
              {t('adminConsole.list.next')}
            </Button>
          </span>
        </nav>
      )}
    </section>
  );
}
