import { ACTIVITY_TYPES, effectiveRoomName, type ActivityType, type Locale, type MessageId } from '@tsudoi/common';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, ListDialog } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import {
  activitiesClosed,
  activityDeleteRequested,
  activitySaveRequested,
  draftChanged,
  selectActivities,
} from '../slice';
import './activities.css';

const hhmm = (japanTime: string) => japanTime.slice(11, 16);

/**
 * Today's events panel (spec §2 "today's events", §3 Activity): today's
 * entries of the floor in start order, live as others add or remove them;
 * full team members, hosts and subhosts add entries, and delete their own (hosts any).
 */
export function TodayEventsDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectActivities);
  const live = useAppSelector(selectLiveFloor);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const mayAdd = !!live.me && !live.me.isGuest;

  const close = () => dispatch(activitiesClosed());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!state.saving) dispatch(activitySaveRequested());
  };
  const field = (name: string) => state.fields[name];
  return (
    <ListDialog
      open={state.open}
      block="today-events"
      title={t('activities.title')}
      error={state.error}
      loading={state.loading}
      items={state.items}
      empty={t('activities.empty')}
      ordered
      renderItem={(a) => (
        <li key={a.id} className="today-events__item" data-activity={a.id}>
          <time className="today-events__time">
            {hhmm(a.startAt)}–{hhmm(a.endAt)}
          </time>
          <div className="today-events__what">
            <span className={`today-events__type today-events__type--${a.type.toLowerCase()}`}>
              {t(`activities.type.${a.type}`)}
            </span>
            <span className="today-events__text">{a.description}</span>
            {a.createdBy && <small>{t('activities.by', { name: a.createdBy.name })}</small>}
          </div>
          {a.canEdit && (
            <button
              type="button"
              className="today-events__delete"
              onClick={() => dispatch(activityDeleteRequested(a.id))}
            >
              {t('activities.delete')}
            </button>
          )}
        </li>
      )}
      onClose={close}
    >
      {state.visits.length > 0 && (
        <section className="today-events__visits" aria-labelledby="today-events-visits">
          <h3 id="today-events-visits" className="today-events__subtitle">
            {t('activities.visits')}
          </h3>
          <ol className="today-events__list">
            {state.visits.map((v) => (
              <li key={v.id} className="today-events__item" data-visit={v.id}>
                <time className="today-events__time">
                  {hhmm(v.startAt)}–{hhmm(v.endAt)}
                </time>
                <div className="today-events__what">
                  <span className="today-events__type today-events__type--visit">{t('activities.visit')}</span>
                  <span className="today-events__text">{v.title}</span>
                  <small>
                    {[
                      effectiveRoomName({ number: v.roomNumber, name: v.roomName }, intl.locale as Locale),
                      v.guest ? t('activities.visitGuest', { name: v.guest.name }) : null,
                      v.createdBy ? t('activities.visitHost', { name: v.createdBy.name }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </small>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}
      {mayAdd && (
        <form className="today-events__form" onSubmit={submit} noValidate>
          <h3 className="today-events__subtitle">{t('activities.addTitle')}</h3>
          <div className="today-events__row">
            <label className="today-events__field">
              <span>{t('activities.type')}</span>
              <select
                value={state.draft.type}
                onChange={(e) => dispatch(draftChanged({ type: e.target.value as ActivityType }))}
              >
                {ACTIVITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`activities.type.${type}`)}
                  </option>
                ))}
              </select>
              {field('type') && <em role="alert">{field('type')}</em>}
            </label>
            <label className="today-events__field">
              <span>{t('activities.start')}</span>
              <input
                type="time"
                value={state.draft.start}
                onChange={(e) => dispatch(draftChanged({ start: e.target.value }))}
              />
              {field('startAt') && <em role="alert">{field('startAt')}</em>}
            </label>
            <label className="today-events__field">
              <span>{t('activities.end')}</span>
              <input
                type="time"
                value={state.draft.end}
                onChange={(e) => dispatch(draftChanged({ end: e.target.value }))}
              />
              {field('endAt') && <em role="alert">{field('endAt')}</em>}
            </label>
          </div>
          <label className="today-events__field">
            <span>{t('activities.description')}</span>
            <input
              type="text"
              maxLength={200}
              value={state.draft.description}
              onChange={(e) => dispatch(draftChanged({ description: e.target.value }))}
            />
            {field('description') && <em role="alert">{field('description')}</em>}
          </label>
          <div className="dialog__actions">
            <Button type="button" onClick={close}>
              {t('activities.close')}
            </Button>
            <Button type="submit" busy={state.saving}>
              {t('activities.add')}
            </Button>
          </div>
        </form>
      )}
      {!mayAdd && (
        <div className="dialog__actions">
          <Button onClick={close}>{t('activities.close')}</Button>
        </div>
      )}
    </ListDialog>
  );
}
