import { InCorner } from '../../floors/components/LiveCorner';
import { avatarColour, roomDefinition, type Locale, type MessageId, type VisitDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar, Button } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { extendRequested, knockAnswerRequested, knockRequested, reminderDismissed, selectVisits } from './visit-slice';
import { japanClock } from './visit-time';
import { useNow } from '../../floors/components/use-now';
import '../../floors/components/invitations.css';
import './visits.css';

const roomNameOf = (visit: VisitDto, locale: string) =>
  roomDefinition(visit.roomNumber)?.name[locale === 'en' ? 'en' : ('ja' as Locale)] ?? '';

/**
 * What guest visits add to the live floor: the guest's standby dialog (knock
 * and wait), the knock cards of the booking's owner and the host (let in,
 * decline), and the reminder before the end with its extension.
 */
export function VisitLayer() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const { visit, phase, knocks, reminder, reminderEndsAt, busy, extending } = useAppSelector(selectVisits);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // the reminder counts down while it is shown (it said 15 minutes when it came; it says what is left now)
  const now = useNow(15_000, reminder !== null);
  const left = reminderEndsAt === null ? 0 : Math.max(0, Math.ceil((reminderEndsAt - now) / 60_000));
  if (live.status !== 'joined' || live.removal) return null;
  const me = live.me;
  const myRoom = me ? live.users[me.userId]?.roomId : undefined;
  const standby = visit && me?.isGuest && (phase === 'standby' || phase === 'knocking') && myRoom !== visit.roomId;
  const hostName = (v: VisitDto) =>
    (v.ownerId !== null && live.users[v.ownerId]?.name) || t('appointments.visit.someone');
  const mayExtend = (v: VisitDto) => me !== null && (me.canManage || me.userId === v.ownerId);

  return (
    <>
      {standby && visit && (
        <div className="visit-standby" role="presentation">
          <section
            className="visit-standby__card"
            role="dialog"
            aria-modal="true"
            aria-labelledby="visit-standby-title"
            data-visit-standby={phase}
          >
            <span className={`visit-standby__door visit-standby__door--${phase}`} aria-hidden="true">
              <DoorIcon />
            </span>
            <h2 id="visit-standby-title" className="visit-standby__title">
              {t('appointments.visit.standbyTitle')}
            </h2>
            <p className="visit-standby__text">
              {t('appointments.visit.standbyText', {
                title: visit.title,
                room: roomNameOf(visit, intl.locale),
                start: japanClock(visit.startAt),
                end: japanClock(visit.endAt),
                host: hostName(visit),
              })}
            </p>
            {phase === 'knocking' && (
              <p className="visit-standby__waiting" role="status">
                <span className="visit-standby__dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
                {t('appointments.visit.knocking', { host: hostName(visit) })}
              </p>
            )}
            <Button
              block
              variant={phase === 'knocking' ? 'secondary' : 'primary'}
              busy={busy === 0}
              onClick={() => busy === 0 || dispatch(knockRequested())}
            >
              {t(phase === 'knocking' ? 'appointments.visit.knockAgain' : 'appointments.visit.knock')}
            </Button>
          </section>
        </div>
      )}
      {(knocks.length > 0 || reminder) && (
        <InCorner>
          <div className="visit-stack">
            {knocks.map(({ visit: v }) => {
              const name = v.guestName ?? '';
              const titleId = `visit-knock-${v.id}`;
              return (
                <section
                  key={v.id}
                  className="invite-card invite-card--received"
                  role="alertdialog"
                  aria-labelledby={titleId}
                  data-visit-knock={v.id}
                >
                  <div className="invite-card__main">
                    <span className="invite-card__avatar">
                      <Avatar name={name} imageUrl={null} color={avatarColour(name)} size={44} />
                      <span className="invite-card__badge" aria-hidden="true">
                        <DoorIcon size={12} />
                      </span>
                    </span>
                    <div className="invite-card__copy">
                      <p className="invite-card__eyebrow">
                        <span>{roomNameOf(v, intl.locale)}</span>
                      </p>
                      <h2 id={titleId} className="invite-card__title">
                        {t('appointments.visit.knockedTitle', { name })}
                      </h2>
                      <p className="invite-card__text">
                        {t('appointments.visit.knockedText', { title: v.title, room: roomNameOf(v, intl.locale) })}
                      </p>
                    </div>
                  </div>
                  <div className="invite-card__actions">
                    <Button
                      variant="secondary"
                      onClick={() =>
                        busy === v.id || dispatch(knockAnswerRequested({ appointmentId: v.id, admit: false }))
                      }
                    >
                      {t('appointments.visit.reject')}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() =>
                        busy === v.id || dispatch(knockAnswerRequested({ appointmentId: v.id, admit: true }))
                      }
                    >
                      {t('appointments.visit.admit')}
                    </Button>
                    <Button
                      busy={busy === v.id}
                      onClick={() =>
                        busy === v.id ||
                        dispatch(knockAnswerRequested({ appointmentId: v.id, admit: true, joinRoomId: v.roomId }))
                      }
                    >
                      {t('appointments.visit.admitAndJoin')}
                    </Button>
                  </div>
                </section>
              );
            })}
            {reminder && (
              <section className="invite-card visit-reminder" role="status" data-visit-reminder={reminder.id}>
                <div className="invite-card__main">
                  <span className="visit-reminder__clock" aria-hidden="true">
                    {left}
                  </span>
                  <div className="invite-card__copy">
                    <h2 className="invite-card__title">{t('appointments.visit.reminderTitle', { minutes: left })}</h2>
                    <p className="invite-card__text">
                      {t('appointments.visit.reminderText', { title: reminder.title, end: japanClock(reminder.endAt) })}
                    </p>
                  </div>
                </div>
                <div className="invite-card__actions">
                  <Button variant="secondary" onClick={() => dispatch(reminderDismissed())}>
                    {t('appointments.visit.dismiss')}
                  </Button>
                  {mayExtend(reminder) && (
                    <Button busy={extending} onClick={() => extending || dispatch(extendRequested(reminder.id))}>
                      {t('appointments.visit.extend', { minutes: reminder.extendTime })}
                    </Button>
                  )}
                </div>
              </section>
            )}
          </div>
        </InCorner>
      )}
    </>
  );
}

function DoorIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M5 21V4a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v17" strokeLinecap="round" />
      <path d="M3 21h18" strokeLinecap="round" />
      <circle cx="13" cy="12.5" r="1" fill="currentColor" stroke="none" />
      <path d="M19 8v8" strokeLinecap="round" opacity="0.5" />
    </svg>
  );
}
