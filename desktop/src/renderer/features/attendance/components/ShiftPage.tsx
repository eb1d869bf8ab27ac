import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { addDays, avatarColour, localDate, weekStart, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser, selectSessionNotice } from '../../auth';
import { Avatar, Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { attendanceOpened, selectAttendance, shiftsRequested, shiftsScopeSet } from '../slice';
import { dayLabel, timeIn } from './format';
import { ShiftDialog, type ShiftDraft } from './ShiftDialog';
import '@tsudoi/ui/controls/page.css';
import './attendance.css';

/**
 * /employee/{id?}/shift: the week's shifts, one row per person (the whole
 * team with "see all shift lists", else oneself; an id shows one person),
 * and with "create or update shifts" the dialog to add, edit and delete.
 * The grid scrolls sideways in its own box with a scrollbar that stays.
 */
export function ShiftPage() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  const dispatch = useAppDispatch();
  const params = useParams();
  const user = useAppSelector(selectCurrentUser);
  const removed = useAppSelector(selectSessionNotice)?.reason === 'removedFromTeam';
  const { me, team, shifts, shiftsLoading, week } = useAppSelector(selectAttendance);
  const tz = me?.timeZone ?? 'Asia/Tokyo';
  const today = localDate(new Date(), tz);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const close = useCallback(() => setDraft(null), []);
  useDocumentTitle(t('attendance.shifts.title'));
  useEffect(() => {
    dispatch(attendanceOpened());
  }, [dispatch]);
  const onlyId = params.id ? Number(params.id) : null;
  // /employee/{id}/shift reads that person's shifts from the server (which refuses what the caller may not see)
  useEffect(() => {
    dispatch(shiftsScopeSet(onlyId));
  }, [onlyId, dispatch]);
  useEffect(() => {
    if (me && week === null) dispatch(shiftsRequested(weekStart(today)));
  }, [me, week, today, dispatch]);
  const people = useMemo(() => {
    const visible = me?.permissions.seeAllShifts ? team : team.filter((m) => m.userId === me?.userId);
    return onlyId ? visible.filter((m) => m.userId === onlyId) : visible;
  }, [me, team, onlyId]);
  if (user && user.employmentCompanyId == null) return removed ? null : <Navigate to="/company/register" replace />;
  const monday = week ?? weekStart(today);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const canEdit = me?.permissions.editShifts ?? false;
  const go = (delta: number) => dispatch(shiftsRequested(addDays(monday, delta)));
  return (
    <div className="page att-page att-page--wide">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('attendance.shifts.title')}</h1>
          <p className="page-header__subtitle">{t('attendance.shifts.subtitle')}</p>
        </div>
        <div className="att-header-actions">
          <Link className="button button--secondary" to="/attendance">
            {t('attendance.title')}
          </Link>
          {canEdit && (
            <Button onClick={() => setDraft({ kind: 'create', employeeIds: onlyId ? [onlyId] : [], date: today })}>
              {t('attendance.shifts.create')}
            </Button>
          )}
        </div>
      </header>
      <section className="card att-week" aria-labelledby="att-week-title" aria-busy={shiftsLoading}>
        <div className="att-week__nav">
          <Button variant="secondary" onClick={() => go(-7)} aria-label={t('attendance.shifts.prevWeek')}>
            ‹
          </Button>
          <h2 className="card__title" id="att-week-title">
            {dayLabel(days[0]!, intl.locale)} – {dayLabel(days[6]!, intl.locale)}
          </h2>
          <Button variant="secondary" onClick={() => go(7)} aria-label={t('attendance.shifts.nextWeek')}>
            ›
          </Button>
          <Button variant="secondary" onClick={() => dispatch(shiftsRequested(weekStart(today)))}>
            {t('attendance.shifts.thisWeek')}
          </Button>
        </div>
        {/* scrolls sideways on a phone: reachable from the keyboard, named for screen readers */}
        <div
          className="att-week__scroll"
          data-testid="shift-grid"
          tabIndex={0}
          role="region"
          aria-label={t('attendance.shifts.title')}
        >
          <table className="att-week__grid">
            <thead>
              <tr>
                <th scope="col" className="att-week__person">
                  {t('attendance.report.employee')}
                </th>
                {days.map((d) => (
                  <th key={d} scope="col" className={d === today ? 'att-week__today' : ''}>
                    {dayLabel(d, intl.locale)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.userId}>
                  <th scope="row" className="att-week__person">
                    <div className="att-week__who">
                      <Avatar name={p.name} imageUrl={p.avatarImageUrl} color={avatarColour(p.name)} size={28} />
                      <span>{p.name}</span>
                    </div>
                  </th>
                  {days.map((d) => {
                    const mine = shifts.filter((s) => s.userId === p.userId && localDate(new Date(s.start), tz) === d);
                    return (
                      <td key={d} className={d === today ? 'att-week__today' : ''}>
                        {mine.map((s) => (
                          <button
                            key={s.id}
                            type="button"
                            className="att-shift"
                            disabled={!canEdit}
                            onClick={() => setDraft({ kind: 'edit', shift: s })}
                          >
                            <strong>
                              {timeIn(s.start, tz)}–{timeIn(s.end, tz)}
                            </strong>
                            {s.title && <span>{s.title}</span>}
                            {s.breaks.length > 0 && (
                              <small>{t('attendance.shifts.breaks', { count: s.breaks.length })}</small>
                            )}
                          </button>
                        ))}
                        {canEdit && mine.length === 0 && (
                          <button
                            type="button"
                            className="att-shift-add"
                            aria-label={t('attendance.shifts.addFor', { name: p.name, date: dayLabel(d, intl.locale) })}
                            onClick={() => setDraft({ kind: 'create', employeeIds: [p.userId], date: d })}
                          >
                            +
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <ShiftDialog draft={draft} people={team} timeZone={tz} onClose={close} />
    </div>
  );
}
