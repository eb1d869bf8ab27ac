import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { AppointmentDto, MessageId, RoomDto } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { selectLocale } from '@tsudoi/ui/i18n';
import { addDays, dayLabel, hhmm, japanToday, minutesOf, viewRange } from '../calendar-time';
import { calendarRequested, editorOpened, selectAppointments, type CalendarView } from '../slice';
import { notify } from '@tsudoi/ui/notifications';
import { AppointmentDialog } from './AppointmentDialog';
import { newBookingDraft } from '../book-from-map';
import '@tsudoi/ui/controls/page.css';
import './appointments.css';

const FIRST_HOUR = 8;
const LAST_HOUR = 21;
const HOUR_PX = 68;
const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);

/** A booking's block: top and height from its Japan times, clipped to the hours shown. */
function blockStyle(a: AppointmentDto, day: string) {
  const start = a.startAt.slice(0, 10) < day ? 0 : minutesOf(a.startAt);
  const end = a.endAt.slice(0, 10) > day ? 24 * 60 : minutesOf(a.endAt);
  const top = Math.max(start - FIRST_HOUR * 60, 0);
  const bottom = Math.min(end - FIRST_HOUR * 60, (LAST_HOUR - FIRST_HOUR) * 60);
  return { top: (top / 60) * HOUR_PX, height: Math.max(((bottom - top) / 60) * HOUR_PX - 2, 20) };
}

const onDay = (a: AppointmentDto, day: string) => a.startAt.slice(0, 10) <= day && a.endAt.slice(0, 10) >= day;

/**
 * /floors/{id}/appointments: the day and week calendar of a floor's meeting
 * rooms and guest lounges (Japan time). A click on a free hour opens the
 * booking popup with that room and time; a click on a booking opens it.
 */
export function AppointmentsPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const floorId = Number(useParams().id);
  const state = useAppSelector(selectAppointments);
  const view: CalendarView = state.floorId === floorId ? state.view : 'day';
  const anchor = (state.floorId === floorId && state.anchor) || japanToday();
  useDocumentTitle(t('appointments.title'));

  useEffect(() => {
    if (state.floorId !== floorId) dispatch(calendarRequested({ floorId, view: 'day', anchor: japanToday() }));
  }, [floorId, state.floorId, dispatch]);

  const go = (next: Partial<{ view: CalendarView; anchor: string }>) =>
    dispatch(calendarRequested({ floorId, view, anchor, ...next }));
  const range = viewRange(view, anchor);
  const step = view === 'day' ? 1 : 7;
  const roomName = (id: number) => state.rooms.find((r) => r.id === id)?.name ?? '';
  // the rooms I may book (the host and subhosts all; a member those whose flag they have)
  const bookable = state.rooms.filter((r) => r.mayBook !== false);
  const refuse = () => dispatch(notify({ kind: 'warning', message: t('errors.APPOINTMENT_NO_PERMISSION') }));

  const openNew = (room: RoomDto | undefined, day: string, hour: number) =>
    dispatch(editorOpened(newBookingDraft(room?.id ?? null, day, hour)));
  const openExisting = (a: AppointmentDto) =>
    dispatch(
      editorOpened({
        id: a.id,
        roomId: a.roomId,
        title: a.title,
        date: a.startAt.slice(0, 10),
        start: hhmm(a.startAt),
        end: hhmm(a.endAt),
        withGuest: a.guest !== null,
        guestName: a.guest?.name ?? '',
        guestEmail: a.guest?.email ?? '',
        guestTimeZone: a.guest?.timeZone ?? '',
      }),
    );

  // day: one column per room; week: one column per day
  const columns =
    view === 'day'
      ? state.rooms.map((room) => ({ key: `r${room.id}`, label: room.name, day: anchor, room }))
      : range.days.map((day) => ({
          key: day,
          label: dayLabel(day, locale),
          day,
          room: undefined as RoomDto | undefined,
        }));
  const today = japanToday();

  return (
    <div className="page page--wide appointments">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('appointments.title')}</h1>
          <p className="page-header__subtitle">{t('appointments.japanTime')}</p>
        </div>
        <Button
          disabled={state.rooms.length > 0 && bookable.length === 0}
          title={state.rooms.length > 0 && bookable.length === 0 ? t('errors.APPOINTMENT_NO_PERMISSION') : undefined}
          onClick={() => openNew(bookable[0], view === 'day' ? anchor : today < range.from ? range.from : today, 10)}
        >
          {t('appointments.new')}
        </Button>
      </header>

      <div className="appointments__toolbar card">
        <div className="appointments__nav">
          <button
            type="button"
            className="appointments__icon-button"
            aria-label={t('appointments.previous')}
            onClick={() => go({ anchor: addDays(anchor, -step) })}
          >
            ‹
          </button>
          <button type="button" className="appointments__today" onClick={() => go({ anchor: today })}>
            {t('appointments.today')}
          </button>
          <button
            type="button"
            className="appointments__icon-button"
            aria-label={t('appointments.next')}
            onClick={() => go({ anchor: addDays(anchor, step) })}
          >
            ›
          </button>
          <h2 className="appointments__range" aria-live="polite">
            {view === 'day'
              ? dayLabel(anchor, locale)
              : `${dayLabel(range.days[0]!, locale)} – ${dayLabel(range.days[6]!, locale)}`}
          </h2>
        </div>
        <div className="appointments__views" role="group">
          {(['day', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className="appointments__view"
              onClick={() => go({ view: v })}
            >
              {t(`appointments.${v}`)}
            </button>
          ))}
        </div>
      </div>

      {state.loadError ? (
        <p className="card" role="alert">
          {state.loadError}
        </p>
      ) : (
        <div className="appointments__scroller card" aria-busy={state.loading || undefined}>
          <div
            className="appointments__grid"
            style={{ gridTemplateColumns: `56px repeat(${columns.length}, minmax(120px, 1fr))` }}
          >
            <div className="appointments__corner" />
            {columns.map((c) => (
              <div
                key={c.key}
                className={`appointments__column-head${c.day === today && view === 'week' ? ' appointments__column-head--today' : ''}`}
              >
                {c.room && (
                  <span
                    className={`appointments__dot appointments__dot--${c.room.type === 'MEETING_ROOM' ? 'meeting' : 'lounge'}`}
                  />
                )}
                {c.label}
              </div>
            ))}
            <div className="appointments__hours">
              {HOURS.map((h) => (
                <div key={h} className="appointments__hour-label" style={{ height: HOUR_PX }}>
                  {`${h}:00`}
                </div>
              ))}
            </div>
            {columns.map((c) => (
              <div
                key={c.key}
                className="appointments__column"
                data-room={c.room?.number}
                style={{ height: HOURS.length * HOUR_PX }}
              >
                {HOURS.map((h) => (
                  <button
                    key={h}
                    type="button"
                    className="appointments__slot"
                    style={{ top: (h - FIRST_HOUR) * HOUR_PX, height: HOUR_PX }}
                    aria-label={`${c.label} ${h}:00 ${t('appointments.new')}`}
                    aria-disabled={c.room?.mayBook === false || undefined}
                    title={c.room?.mayBook === false ? t('errors.APPOINTMENT_NO_PERMISSION') : undefined}
                    onClick={() => (c.room?.mayBook === false ? refuse() : openNew(c.room ?? bookable[0], c.day, h))}
                  />
                ))}
                {state.items
                  .filter((a) => onDay(a, c.day) && (!c.room || a.roomId === c.room.id))
                  .map((a) => {
                    const room = state.rooms.find((r) => r.id === a.roomId);
                    return (
                      <button
                        key={a.id}
                        type="button"
                        className={`appointments__block appointments__block--${room?.type === 'RECEPTION_ROOM' ? 'lounge' : 'meeting'}`}
                        style={blockStyle(a, c.day)}
                        onClick={() => openExisting(a)}
                      >
                        <span className="appointments__block-time">
                          {hhmm(a.startAt)}–{hhmm(a.endAt)}
                        </span>
                        <span className="appointments__block-title">{a.title}</span>
                        {view === 'week' && <span className="appointments__block-room">{roomName(a.roomId)}</span>}
                        {a.guest && (
                          <span className="appointments__block-guest">
                            {t('appointments.guestBadge', { name: a.guest.name })}
                          </span>
                        )}
                      </button>
                    );
                  })}
              </div>
            ))}
          </div>
          {!state.loading && state.items.length === 0 && (
            <p className="appointments__empty">{t('appointments.empty')}</p>
          )}
        </div>
      )}
      <AppointmentDialog />
    </div>
  );
}
