import {
  BOOKABLE_ROOM_TYPES,
  effectiveRoomType,
  isLockableRoom,
  isRoomTypeFixed,
  roomDefinition,
  ROOM_EDITABLE_TYPES,
  ROOM_NAME_MAX,
  ROOM_SEAT_MAX,
  type MessageId,
  type RoomDto,
} from '@tsudoi/common';

type EditableType = (typeof ROOM_EDITABLE_TYPES)[number];
import { useState } from 'react';
import { useModalDialog, Button, CloseIcon } from '@tsudoi/ui/controls';
import { useIntl } from 'react-intl';
import { LockIcon } from './floor-icons';
import '@tsudoi/ui/controls/dialog.css';
import './live-room-popup.css';

/** What the edit room popup saves: the name (null: the number's), the type (left out for rooms of fixed type). */
export interface RoomEdit {
  name: string | null;
  type?: EditableType | null;
  seat: number;
  saveChat: boolean;
}

export interface RoomPopupProps {
  room: RoomDto | null;
  /** Host or subhost of the floor. */
  canManage: boolean;
  busy: boolean;
  /** False for an account-less guest (locks go through the REST API, which guests cannot call). */
  mayLock?: boolean;
  /** My icon is in this room (people inside may lock it; hosts and subhosts from anywhere). */
  inside?: boolean;
  onLock(room: RoomDto, locked: boolean): void;
  /** Hosts and subhosts: the edit room popup's save (PATCH floor-room/{id}). */
  onEdit?(room: RoomDto, change: RoomEdit): void;
  /** Members: book this room (a meeting room or guest lounge) from the map; the booking popup opens. */
  onBook?(room: RoomDto): void;
  onClose(): void;
}

/**
 * A room's popup (spec §2 popups): name, seats, lock state. An open room is
 * locked by the hosts and subhosts, or by someone inside it; the entrance
 * and out of office never (the popup says why instead of offering it). A
 * locked one is unlocked by its locker or a host (the server shows those the
 * password, so having it is the sign).
 */
export function RoomPopup({
  room,
  canManage,
  busy,
  mayLock = true,
  inside = false,
  onLock,
  onEdit,
  onBook,
  onClose,
}: RoomPopupProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const open = room !== null;

  const ref = useModalDialog(open, onClose, { backdrop: true });

  const mayUnlock = room !== null && (canManage || room.password !== null);
  return (
    <dialog ref={ref} className="dialog room-popup" aria-labelledby="room-popup-title">
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
            <dt>{t('floors.room.type')}</dt>
            <dd>{t(`floors.roomType.${room.type ?? 'OPEN'}`)}</dd>
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
          {canManage && onEdit && (
            <RoomEditForm
              key={`${room.id}:${room.seat}:${room.saveChat}:${room.customName}:${room.type}`}
              room={room}
              busy={busy}
              onEdit={onEdit}
            />
          )}
          {onBook && (BOOKABLE_ROOM_TYPES as readonly (string | null)[]).includes(effectiveRoomType(room)) && (
            <div className="dialog__actions">
              <Button variant="secondary" onClick={() => onBook(room)}>
                {t('floors.room.book')}
              </Button>
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
            ) : !isLockableRoom(room.number) ? (
              <p className="room-popup__note">{t('floors.room.alwaysOpen')}</p>
            ) : canManage || inside ? (
              <Button busy={busy} onClick={() => busy || onLock(room, true)}>
                <LockIcon />
                {t('floors.room.lock')}
              </Button>
            ) : (
              <p className="room-popup__note">{t('floors.room.enterToLock')}</p>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * The edit room part of the popup (spec §2 "edit room popup"; calls spec
 * §7.4 PATCH floor-room/{id}) for hosts and subhosts: the name (empty: the
 * number's own, common/src/domain/floors.ts ROOMS), the type (not for the
 * entrance, the stage and out of office), seats (1–50) and whether the
 * room's chat is saved.
 */
function RoomEditForm({
  room,
  busy,
  onEdit,
}: {
  room: RoomDto;
  busy: boolean;
  onEdit(room: RoomDto, change: RoomEdit): void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [name, setName] = useState(room.customName ?? '');
  const [type, setType] = useState<string>(room.type ?? 'OPEN');
  const [seat, setSeat] = useState(String(room.seat));
  const [saveChat, setSaveChat] = useState(room.saveChat);
  const fixed = isRoomTypeFixed(room.number);
  const defaultName = roomDefinition(room.number)?.name[intl.locale === 'en' ? 'en' : 'ja'] ?? '';
  return (
    <form
      className="room-popup__edit"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const change: RoomEdit = { name: name.trim() || null, seat: Number(seat), saveChat };
        if (!fixed) change.type = type === 'OPEN' ? null : (type as EditableType);
        onEdit(room, change);
      }}
    >
      <h3 className="room-popup__edit-title">{t('floors.room.edit')}</h3>
      <label className="room-popup__edit-field room-popup__edit-field--wide">
        <span>{t('floors.room.name')}</span>
        <input
          type="text"
          value={name}
          maxLength={ROOM_NAME_MAX}
          placeholder={defaultName}
          aria-describedby={`room-name-hint-${room.id}`}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <p id={`room-name-hint-${room.id}`} className="room-popup__hint">
        {t('floors.room.nameHint', { name: defaultName })}
      </p>
      <label className="room-popup__edit-field room-popup__edit-field--wide">
        <span>{t('floors.room.type')}</span>
        <select value={type} disabled={fixed} onChange={(event) => setType(event.target.value)}>
          {fixed ? (
            <option value={type}>{t(`floors.roomType.${type}` as MessageId)}</option>
          ) : (
            ['OPEN', ...ROOM_EDITABLE_TYPES].map((value) => (
              <option key={value} value={value}>
                {t(`floors.roomType.${value}` as MessageId)}
              </option>
            ))
          )}
        </select>
      </label>
      {fixed && <p className="room-popup__hint">{t('floors.room.typeFixed')}</p>}
      <label className="room-popup__edit-field">
        <span>{t('floors.room.seats')}</span>
        <input
          type="number"
          min={1}
          max={ROOM_SEAT_MAX}
          value={seat}
          onChange={(event) => setSeat(event.target.value)}
        />
      </label>
      <label className="room-popup__edit-check">
        <input type="checkbox" checked={saveChat} onChange={(event) => setSaveChat(event.target.checked)} />
        <span>{t('floors.room.saveChat')}</span>
      </label>
      <Button type="submit" busy={busy}>
        {t('floors.room.save')}
      </Button>
    </form>
  );
}
