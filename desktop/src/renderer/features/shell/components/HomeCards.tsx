import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  DEFAULT_TIME_ZONE,
  effectiveRoomName,
  type AppointmentDto,
  type FloorDto,
  type LastRecordDto,
  type Locale,
  type MessageId,
} from '@tsudoi/common';
import { paths } from '../../../app/paths';
import { formatJapanRange } from '../../floors/time';

type T = (id: MessageId, values?: Record<string, string | number>) => string;

function useT(): T {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The next appointments on today's floors (GET /appointments), soonest first. */
export function HomeAppointments({
  appointments,
  floors,
  locale,
}: {
  appointments: AppointmentDto[] | null;
  floors: FloorDto[];
  locale: Locale;
}) {
  const t = useT();
  const titleOf = (floorId: number) => floors.find((f) => f.id === floorId)?.title ?? '';
  return (
    <section className="card" aria-labelledby="home-appointments">
      <div className="card__header">
        <h2 className="card__title" id="home-appointments">
          {t('shell.home.appointments')}
        </h2>
      </div>
      {appointments === null ? (
        <p className="card__note loading-after-delay" role="status">
          {t('common.loading')}
        </p>
      ) : appointments.length === 0 ? (
        <p className="card__note">{t('shell.home.appointmentsNone')}</p>
      ) : (
        <ul className="home__list">
          {appointments.map((a) => (
            <li key={a.id} className="home__appointment">
              <Link to={paths.floorAppointments(a.floorId)} className="home__floor-link">
                <span className="home__floor-title">{a.title}</span>
                <span className="home__floor-time">{formatJapanRange(a.startAt, a.endAt, locale)}</span>
                <span className="home__floor-time">
                  {t('shell.home.appointmentsRoom', {
                    floor: titleOf(a.floorId),
                    room: effectiveRoomName({ number: a.roomNumber, name: a.roomName }, locale),
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** When the current state began: check-in, the break's start or end, or check-out. */
function since(record: LastRecordDto['record'], status: LastRecordDto['status']): string | null {
  if (!record) return null;
  const lastBreak = record.breaks.at(-1);
  if (status === 'left') return record.checkOutAt;
  if (status === 'onBreak') return lastBreak?.start ?? null;
  return lastBreak?.end ?? record.checkInAt;
}

/** The member's own time card now (GET time-log/last-record), or why it cannot be shown. */
export function HomeAttendance({
  attendance,
  refusal,
  locale,
}: {
  attendance: LastRecordDto | null;
  refusal: string | null;
  locale: Locale;
}) {
  const t = useT();
  const status = attendance?.status ?? null;
  const start = attendance ? since(attendance.record, status) : null;
  const time =
    start &&
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: DEFAULT_TIME_ZONE }).format(
      new Date(start),
    );
  return (
    <section className="card" aria-labelledby="home-attendance">
      <div className="card__header">
        <h2 className="card__title" id="home-attendance">
          {t('shell.home.attendance')}
        </h2>
        <Link to={paths.attendance()}>{t('shell.home.attendanceOpen')}</Link>
      </div>
      {refusal ? (
        <p className="card__note">{refusal}</p>
      ) : attendance === null ? (
        <p className="card__note loading-after-delay" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <p className="home__attendance-state" data-status={status ?? 'none'}>
          <span className={`home__status home__status--${status ?? 'none'}`}>
            {t(status ? `attendance.status.${status}` : 'attendance.status.none')}
          </span>
          {time && <span className="home__floor-time">{t('shell.home.attendanceSince', { time })}</span>}
        </p>
      )}
    </section>
  );
}
