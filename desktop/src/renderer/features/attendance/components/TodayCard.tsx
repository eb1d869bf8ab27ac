import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { localDate, localTime } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { presenceTimecardSaveRequested, selectAttendance, timeZoneSaveRequested } from '../slice';
import { AttendanceActions } from './AttendanceActions';
import { StatusPill } from './StatusPill';
import { dayLabel, hours, timeIn } from './format';

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
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
  const now = useMinuteClock();
  const tz = me?.timeZone ?? 'Asia/Tokyo';
  const record = last?.record ?? null;
  const open = record && record.checkOutAt === null;
  let breakMs = 0;
  for (const b of record?.breaks ?? []) breakMs += (b.end ? Date.parse(b.end) : now.getTime()) - Date.parse(b.start);
  const end = record?.checkOutAt ? Date.parse(record.checkOutAt) : now.getTime();
  const workedMin = record ? Math.max(0, Math.floor((end - Date.parse(record.checkInAt) - breakMs) / 60_000)) : 0;
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
          <dd>{hours(Math.floor(breakMs / 60_000))}</dd>
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
