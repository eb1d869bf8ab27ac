import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { localDate, localTime } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { presenceTimecardSaveRequested, selectAttendance, timeZoneSaveRequested } from '../slice';
import { AttendanceActions } from './AttendanceActions';
import { StatusPill } from './StatusPill';
import { dayLabel, hours, timeIn, todayMinutes } from './format';

/**
 * The time now, renewed at each minute's turn (the card shows minutes), when
 * the window is shown again (timers sleep in hidden tabs) and when `record`
 * changes (a break that just started is not ahead of the clock).
 */
function useMinuteClock(record: unknown): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      clearTimeout(timer);
      const at = new Date();
      setNow(at);
      timer = setTimeout(tick, 60_000 - (at.getTime() % 60_000) + 20);
    };
    tick();
    const shown = () => document.visibilityState === 'visible' && tick();
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [record]);
  return now;
}

/** The zones a manager may choose: the runtime's list (Japan time first), or a short list. */
function zones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['UTC', 'America/New_York', 'Europe/London', 'Asia/Singapore'];
  return [...new Set(['Asia/Tokyo', current, ...all])];
}

/** The clock in the company zone, my status and the four actions, and the open record's times. */
export function TodayCard() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { me, last } = useAppSelector(selectAttendance);
  const manager = me?.role === 'OWNER' || me?.role === 'ADMIN';
  const tz = me?.timeZone ?? 'Asia/Tokyo';
  const record = last?.record ?? null;
  const now = useMinuteClock(record);
  const open = record && record.checkOutAt === null;
  const { breakMin, workedMin } = todayMinutes(record, now.getTime());
  return (
    <section className="card att-today" aria-labelledby="att-today-title">
      <div className="att-today__head">
        <div>
          <h2 className="card__title" id="att-today-title">
            {intl.formatMessage({ id: 'attendance.page.today' })}
          </h2>
          <p className="card__note">
            {dayLabel(localDate(now, tz), intl.locale)} · {tz}
          </p>
          {manager && (
            <label className="att-zone">
              <span>{intl.formatMessage({ id: 'attendance.report.timeZone' })}</span>
              <select value={tz} onChange={(e) => dispatch(timeZoneSaveRequested(e.target.value))}>
                {zones(tz).map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>
            </label>
          )}
          {manager ? (
            <label className="att-timecard">
              <input
                type="checkbox"
                checked={me?.presenceTimecard ?? false}
                onChange={(e) => dispatch(presenceTimecardSaveRequested(e.target.checked))}
              />
              <span>{intl.formatMessage({ id: 'attendance.timecard.toggle' })}</span>
            </label>
          ) : (
            me?.presenceTimecard && (
              <p className="att-timecard">{intl.formatMessage({ id: 'attendance.timecard.on' })}</p>
            )
          )}
        </div>
        <StatusPill status={last?.status ?? null} />
      </div>
      <p className="att-today__clock" aria-live="off">
        {localTime(now, tz)}
      </p>
      <AttendanceActions />
      <dl className="att-today__facts">
        <div>
          <dt>{intl.formatMessage({ id: 'attendance.report.checkIn' })}</dt>
          <dd>{timeIn(record?.checkInAt, tz)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'attendance.report.break' })}</dt>
          <dd>{hours(breakMin)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'attendance.report.checkOut' })}</dt>
          <dd>{open ? '—' : timeIn(record?.checkOutAt, tz)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'attendance.report.worked' })}</dt>
          <dd>{hours(workedMin, false)}</dd>
        </div>
      </dl>
    </section>
  );
}
