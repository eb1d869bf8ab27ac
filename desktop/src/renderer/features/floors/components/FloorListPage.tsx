import { FLOOR_GROUPS, type FloorDto, type FloorGroup, type MessageId } from '@tsudoi/common';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { buttonClassName, ConfirmDialog, useDocumentTitle } from '@tsudoi/ui/controls';
import type { FloorScope } from '../api';
import {
  floorDeleteRequested,
  floorGroupsRequested,
  floorPageRequested,
  hasMoreFloors,
  openingGroup,
  selectFloorList,
} from '../list-slice';
import { FloorCard } from './FloorCard';
import { FloorTabs } from './FloorTabs';
import { useInfiniteScroll } from './use-infinite-scroll';
import '@tsudoi/ui/controls/page.css';
import { FloorLoading } from './FloorLoading';
import './floors.css';

const isGroup = (value: string | null): value is FloorGroup => FLOOR_GROUPS.includes(value as FloorGroup);

/** /floors (the floors I take part in) and /floors/hosted (my floors, with edit, duplicate and delete). */
export function FloorListPage({ scope }: { scope: FloorScope }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const list = useAppSelector(selectFloorList);
  const [params, setParams] = useSearchParams();
  const [toDelete, setToDelete] = useState<FloorDto | null>(null);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const asked = params.get('group');
  const chosen = isGroup(asked) ? asked : null;
  const groups = list.groups?.scope === scope ? list.groups : null;
  // no tab in the address: the first one with floors (known from the counts), so nothing hides behind an empty tab
  const group: FloorGroup | null =
    chosen ?? (groups?.counts ? openingGroup(groups.counts) : groups?.failed ? 'ongoing' : null);
  const canCreate = user?.employeeRole === 'OWNER' || user?.employeeRole === 'ADMIN';
  const prefix = scope === 'hosted' ? 'floors.hosted' : 'floors.list';
  const current = group !== null && list.scope === scope && list.group === group;
  useDocumentTitle(t(`${prefix}.title`));

  useEffect(() => {
    dispatch(floorGroupsRequested(scope));
  }, [scope, dispatch]);
  useEffect(() => {
    if (group && !chosen) setParams({ group }, { replace: true });
  }, [group, chosen, setParams]);
  useEffect(() => {
    if (group) dispatch(floorPageRequested({ scope, group, page: 1 }));
  }, [scope, group, dispatch]);

  const more = current && hasMoreFloors(list);
  const sentinel = useInfiniteScroll<HTMLDivElement>(more, () => {
    if (group) dispatch(floorPageRequested({ scope, group, page: list.page + 1 }));
  });

  const items = current ? list.items : [];
  // The dialog closes by itself once the floor has left the list.
  const pending = toDelete && items.some((floor) => floor.id === toDelete.id) ? toDelete : null;
  const loading = !current || list.loading;

  return (
    <div className="page page--wide">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t(`${prefix}.title`)}</h1>
          <p className="page-header__subtitle">{t(`${prefix}.subtitle`)}</p>
        </div>
        {canCreate && (
          <Link className={buttonClassName('primary')} to="/floors/create">
            {t('floors.actions.create')}
          </Link>
        )}
      </header>
      <FloorTabs
        group={group}
        counts={groups?.counts ?? null}
        onChange={(next) => setParams({ group: next }, { replace: true })}
      />
      <section
        id="floor-list-panel"
        role="tabpanel"
        aria-labelledby={group ? `floor-tab-${group}` : undefined}
        aria-busy={loading}
      >
        {current && !list.loading && list.total > 0 && (
          <p className="floor-list__count">{t('floors.list.count', { count: list.total })}</p>
        )}
        <div className="floor-grid">
          {items.map((floor) => (
            <FloorCard
              key={floor.id}
              floor={floor}
              manage={scope === 'hosted'}
              deleting={list.deleting === floor.id}
              onDelete={setToDelete}
            />
          ))}
        </div>
        {current && group && !list.loading && !list.error && items.length === 0 && (
          <div className="floor-empty">
            <p className="floor-empty__title">{t(`floors.empty.${group}`)}</p>
            <p className="floor-empty__text">{t(canCreate ? 'floors.empty.hostHint' : 'floors.empty.memberHint')}</p>
          </div>
        )}
        {current && list.error && (
          <p className="floor-list__error" role="alert">
            {list.error}
          </p>
        )}
        {loading && <FloorLoading />}
        <div ref={sentinel} className="floor-list__sentinel" aria-hidden="true" />
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={t('floors.delete.title')}
        confirmLabel={t('floors.actions.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={list.deleting !== null}
        onConfirm={() => pending && dispatch(floorDeleteRequested(pending.id))}
        onCancel={() => setToDelete(null)}
      >
        {t('floors.delete.text', { title: pending?.title ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
