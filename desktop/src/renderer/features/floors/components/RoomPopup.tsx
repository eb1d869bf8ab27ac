import type { MessageId, RoomDto } from '@tsudoi/common';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../ui/Button';
import { CloseIcon } from '../../../ui/icons';
import { LockIcon } from './floor-icons';
import '../../../ui/dialog.css';

export interface RoomPopupProps {
  room: RoomDto | null;
  /** Host or subhost of the floor. */
  canManage: boolean;
  busy: boolean;
  /** False for an account-less guest (locks go through the REST API, which guests cannot call). */
  mayLock?: boolean;
  onLock(room: RoomDto, locked: boolean): void;
  onClose(): void;
}

/**
 * A room's popup (spec §2 popups): name, seats, lock state. Anyone may lock
 * an open room; a locked one is unlocked by its locker or a host (the
 * server shows those the password, so having it is the sign).
 */
export function RoomPopup({ room, canManage, busy, mayLock = true, onLock, onClose }: RoomPopupProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const open = room !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const mayUnlock = room !== null && (canManage || room.password !== null);
  return (
    <dialog
      ref={ref}
      className="dialog room-popup"
      aria-labelledby="room-popup-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      {room && (
        <div className="dialog__body">
          <div className="room-popup__head">
            <h2 id="room-popup-title" className="dialog__title">
              {room.name}
            </h2>
            <button
              type="button"
              className="room-popup__close"
              aria-label={t('common.notification.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
          <dl className="room-popup__facts">
            <dt>{t('floors.room.seats')}</dt>
            <dd>{t('floors.room.seatCount', { count: room.seat })}</dd>
            <dt>{t('floors.room.kind')}</dt>
            <dd>{t(`floors.area.${room.areaType}`)}</dd>
            <dt>{t('floors.room.state')}</dt>
            <dd className={room.locked ? 'room-popup__locked' : undefined}>
              {room.locked && <LockIcon />}
              {t(room.locked ? 'floors.room.locked' : 'floors.room.open')}
            </dd>
          </dl>
          {room.locked && room.password && (
            <div className="room-popup__password" role="status">
              <span>{t('floors.room.password')}</span>
              <strong data-testid="room-password">{room.password}</strong>
            </div>
          )}
          <div className="dialog__actions" hidden={!mayLock}>
            {room.locked ? (
              mayUnlock ? (
                <Button busy={busy} onClick={() => busy || onLock(room, false)}>
                  {t('floors.room.unlock')}
                </Button>
              ) : (
                <p className="room-popup__note">{t('floors.room.lockedByOther')}</p>
              )
            ) : (
              <Button busy={busy} onClick={() => busy || onLock(room, true)}>
                <LockIcon />
                {t('floors.room.lock')}
              </Button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
