import { InCorner } from './LiveCorner';
import { avatarColour, ROOM_INVITATION_TIMEOUT_MS, type MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Avatar, Button } from '@tsudoi/ui/controls';
import type { ReceivedInvitation, SentInvitation } from '../live-slice';
import { EnterIcon } from './live-icons';
import { useNow } from './use-now';
import './invitations.css';

export interface InvitationCardsProps {
  received: readonly ReceivedInvitation[];
  sent: readonly SentInvitation[];
  answering: number | null;
  /** Names of people and rooms by id, as the floor shows them. */
  nameOf(userId: number): string;
  roomNameOf(roomId: number): string;
  avatarOf(userId: number): string | null;
  onAnswer(id: number, accept: boolean): void;
  onCancel(id: number): void;
}

/** Seconds left (rounded up) and the share of the 10 s still to go. */
function left(deadline: number, now: number) {
  const ms = Math.max(0, deadline - now);
  return { seconds: Math.ceil(ms / 1000), share: Math.min(1, ms / ROOM_INVITATION_TIMEOUT_MS) };
}

function Countdown({ deadline, now, label }: { deadline: number; now: number; label: string }) {
  const { share } = left(deadline, now);
  return (
    <div className="invite-card__timer" aria-hidden="true" title={label}>
      {/* Redrawn every 250 ms; a linear transition of the same length makes it glide. */}
      <span className="invite-card__timer-bar" style={{ transform: `scaleX(${share})` }} />
    </div>
  );
}

/**
 * The floating cards of room invitations (spec §4): for the invitee, who
 * asks into which room, a 10 s countdown, join and decline; for the inviter,
 * the invitation waiting for its answer, which they may take back.
 */
export function InvitationCards(props: InvitationCardsProps) {
  const { received, sent, answering, nameOf, roomNameOf, avatarOf, onAnswer, onCancel } = props;
  const intl = useIntl();
  const now = useNow(250, received.length + sent.length > 0);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (received.length + sent.length === 0) return null;

  return (
    <InCorner>
      <div className="invite-stack">
        {received.map((invitation) => {
          const from = invitation.fromName || nameOf(invitation.inviterId) || t('floors.roomInvite.someone');
          const room = invitation.roomName || roomNameOf(invitation.roomId) || t('floors.roomInvite.aRoom');
          const { seconds } = left(invitation.deadline, now);
          const titleId = `invite-card-title-${invitation.id}`;
          const busy = answering === invitation.id;
          return (
            <section
              key={`r${invitation.id}`}
              className="invite-card invite-card--received"
              role="alertdialog"
              aria-labelledby={titleId}
              aria-describedby={`${titleId}-text`}
              data-invitation={invitation.id}
            >
              <div className="invite-card__main">
                <span className="invite-card__avatar">
                  <Avatar name={from} imageUrl={avatarOf(invitation.inviterId)} color={avatarColour(from)} size={44} />
                  <span className="invite-card__badge" aria-hidden="true">
                    <EnterIcon size={13} />
                  </span>
                </span>
                <div className="invite-card__copy">
                  <p className="invite-card__eyebrow">
                    <span>{t('floors.roomInvite.label')}</span>
                    <span className="invite-card__seconds" role="timer" aria-live="off">
                      {t('floors.roomInvite.secondsLeft', { seconds })}
                    </span>
                  </p>
                  <h2 id={titleId} className="invite-card__title">
                    {t('floors.roomInvite.title', { name: from })}
                  </h2>
                  <p id={`${titleId}-text`} className="invite-card__text">
                    {t('floors.roomInvite.text', { room })}
                  </p>
                </div>
              </div>
              <Countdown
                deadline={invitation.deadline}
                now={now}
                label={t('floors.roomInvite.secondsLeft', { seconds })}
              />
              <div className="invite-card__actions">
                <Button variant="secondary" onClick={() => busy || onAnswer(invitation.id, false)}>
                  {t('floors.roomInvite.decline')}
                </Button>
                <Button busy={busy} onClick={() => busy || onAnswer(invitation.id, true)}>
                  {t('floors.roomInvite.accept')}
                </Button>
              </div>
            </section>
          );
        })}
        {sent.map((invitation) => {
          const name = nameOf(invitation.inviteeId) || t('floors.roomInvite.someone');
          const { seconds } = left(invitation.deadline, now);
          const titleId = `invite-sent-title-${invitation.id}`;
          return (
            <section
              key={`s${invitation.id}`}
              className="invite-card invite-card--sent"
              role="status"
              aria-labelledby={titleId}
              data-invitation={invitation.id}
            >
              <div className="invite-card__main">
                <span className="invite-card__avatar invite-card__avatar--waiting">
                  <Avatar name={name} imageUrl={avatarOf(invitation.inviteeId)} color={avatarColour(name)} size={36} />
                </span>
                <div className="invite-card__copy">
                  <h2 id={titleId} className="invite-card__title">
                    {t('floors.roomInvite.sentTitle', { name })}
                  </h2>
                  <p className="invite-card__text">
                    {t('floors.roomInvite.sentText', { room: roomNameOf(invitation.roomId) })}
                  </p>
                  <p className="invite-card__inline-seconds">{t('floors.roomInvite.secondsLeft', { seconds })}</p>
                </div>
                <Button
                  variant="secondary"
                  className="invite-card__cancel"
                  busy={invitation.cancelling}
                  onClick={() => invitation.cancelling || onCancel(invitation.id)}
                >
                  {t('floors.roomInvite.cancel')}
                </Button>
              </div>
              <Countdown
                deadline={invitation.deadline}
                now={now}
                label={t('floors.roomInvite.secondsLeft', { seconds })}
              />
            </section>
          );
        })}
      </div>
    </InCorner>
  );
}
