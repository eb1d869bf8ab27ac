import { avatarColour, type FloorUserDto, type MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useModalDialog, Avatar, Button, ConfirmDialog, CloseIcon } from '@tsudoi/ui/controls';
import { useIntl } from 'react-intl';
import type { SentInvitation } from '../live-slice';
import { ExitIcon } from './live-icons';
import { PersonInvite } from './PersonInvite';
import { PersonMediaRequest } from '../../media/requests';
import { ChatIcon } from '../../chat';
import '@tsudoi/ui/controls/dialog.css';
// its close button is the room popup's
import './live-room-popup.css';
import './live-person-popup.css';

export interface PersonPopupProps {
  /** The person whose face was clicked; null keeps the popup closed. */
  person: FloorUserDto | null;
  roomNameOf(roomId: number): string;
  myUserId: number | null;
  myRoomId: number | undefined;
  /** The floor's rooms: hosts and subhosts may invite into any of them. */
  rooms: readonly { id: number; name: string }[];
  /** Host or subhost: may remove people (spec §6) and invite into any room. */
  canManage: boolean;
  /** My invitation to this person, while it waits. */
  pending: SentInvitation | undefined;
  inviting: boolean;
  removing: boolean;
  /** `roomId` absent: my room. */
  onInvite(userId: number, roomId?: number): void;
  onCancelInvite(id: number): void;
  onRemove(userId: number, dismiss: boolean): void;
  /** "Send message" to this person, when the chat's rules allow it (`host`: my guest conversation). */
  message: 'direct' | 'host' | null;
  onMessage(): void;
  onClose(): void;
}

/**
 * A person's popup on the live floor: who they are, where, and what I can
 * do — send them a message (in the floor's chat panel), invite them into my
 * room (anyone; hosts and subhosts into any room), or, for hosts, remove
 * them from the floor or end a guest's visit, each after a confirmation.
 */
export function PersonPopup(props: PersonPopupProps) {
  const { person, roomNameOf, myUserId, myRoomId, canManage, pending, inviting, removing } = props;
  const intl = useIntl();
  // The question belongs to one person: when they leave the floor it goes with them.
  const [asked, setConfirm] = useState<{ kind: 'kick' | 'dismiss'; userId: number } | null>(null);
  const confirm = asked && person && asked.userId === person.userId ? asked.kind : null;
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const open = person !== null && confirm === null;

  const ref = useModalDialog(open, props.onClose, { backdrop: true });

  const isMe = person !== null && person.userId === myUserId;
  const status = person && (!person.connected ? 'offline' : person.activeStatus);
  const sameRoom = person !== null && person.roomId === myRoomId;
  const mayRemove = canManage && person !== null && !isMe && person.participantType !== 'HOST';
  const name = person?.name ?? '';

  return (
    <>
      <dialog ref={ref} className="dialog person-popup" aria-labelledby="person-popup-title">
        {person && (
          <div className="dialog__body">
            <div className="person-popup__head">
              <Avatar name={name} imageUrl={person.avatarImageUrl} color={avatarColour(name)} size={56} />
              <div className="person-popup__who">
                <h2 id="person-popup-title" className="dialog__title person-popup__name">
                  {name}
                  {isMe && <span className="person-popup__you">{t('floors.person.you')}</span>}
                </h2>
                <p className="person-popup__meta">
                  <span className={`person-popup__type person-popup__type--${person.participantType.toLowerCase()}`}>
                    {t(`floors.person.type.${person.participantType}`)}
                  </span>
                  <span className={`person-popup__status person-popup__status--${status}`}>
                    {t(`floors.person.status.${status!}`)}
                  </span>
                </p>
                <p className="person-popup__room">{t('floors.person.in', { room: roomNameOf(person.roomId) })}</p>
              </div>
              <button
                type="button"
                className="room-popup__close"
                aria-label={t('common.notification.close')}
                onClick={props.onClose}
              >
                <CloseIcon />
              </button>
            </div>
            {!isMe && (
              <div className="person-popup__section">
                {props.message && (
                  <Button variant="secondary" className="person-popup__message" onClick={props.onMessage}>
                    <ChatIcon size={18} />
                    {t(props.message === 'host' ? 'floors.person.messageHost' : 'floors.person.message')}
                  </Button>
                )}
                {pending ? (
                  <div className="person-popup__pending" role="status">
                    <span className="live__pulse" aria-hidden="true" />
                    <span>{t('floors.person.invited')}</span>
                    <Button
                      variant="secondary"
                      busy={pending.cancelling}
                      onClick={() => pending.cancelling || props.onCancelInvite(pending.id)}
                    >
                      {t('floors.roomInvite.cancel')}
                    </Button>
                  </div>
                ) : sameRoom && !canManage ? (
                  <p className="person-popup__note">{t('floors.person.sameRoom')}</p>
                ) : !person.connected ? (
                  <p className="person-popup__note">{t('floors.person.offline')}</p>
                ) : (
                  <PersonInvite
                    person={person}
                    rooms={props.rooms}
                    myRoomId={myRoomId}
                    canManage={canManage}
                    inviting={inviting}
                    onInvite={props.onInvite}
                  />
                )}
                <PersonMediaRequest person={person} canManage={canManage} sameRoom={sameRoom} />
              </div>
            )}
            {mayRemove && (
              <div className="person-popup__section person-popup__host">
                <p className="person-popup__section-title">{t('floors.person.hostTools')}</p>
                <div className="person-popup__host-actions">
                  <Button
                    variant="secondary"
                    className="person-popup__danger"
                    onClick={() => setConfirm({ kind: 'kick', userId: person.userId })}
                  >
                    <ExitIcon />
                    {t('floors.person.kickOut')}
                  </Button>
                  {person.participantType === 'GUEST' && (
                    <Button
                      variant="secondary"
                      className="person-popup__danger"
                      onClick={() => setConfirm({ kind: 'dismiss', userId: person.userId })}
                    >
                      {t('floors.person.dismiss')}
                    </Button>
                  )}
                </div>
              </div>
            )}
          </div>
        )}
      </dialog>
      <ConfirmDialog
        open={confirm !== null && person !== null}
        title={t(confirm === 'dismiss' ? 'floors.dismiss.title' : 'floors.kick.title', { name })}
        confirmLabel={t(confirm === 'dismiss' ? 'floors.dismiss.confirm' : 'floors.kick.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        busy={removing}
        onConfirm={() => person && props.onRemove(person.userId, confirm === 'dismiss')}
        onCancel={() => setConfirm(null)}
      >
        {t(confirm === 'dismiss' ? 'floors.dismiss.text' : 'floors.kick.text', { name })}
      </ConfirmDialog>
    </>
  );
}
