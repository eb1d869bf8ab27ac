import { avatarColour, type AreaType } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Avatar } from '../../../ui/Avatar';
import { LockIcon } from './floor-icons';
import './floor-map.css';

/** A room as the map draws it (a RoomDto fits). */
export interface MapRoom {
  id: number;
  number: number;
  /** The room's fixed key (entrance, tableA, …): also its place on the plan. */
  key: string;
  name: string;
  areaType: AreaType;
  locked: boolean;
  seat: number;
}

/** Someone on the floor (UserDto-like), in the room with that number. */
export interface MapPerson {
  id: number | string;
  name: string;
  avatarColor?: string;
  avatarImageUrl: string | null;
  roomNumber: number;
  isSelf?: boolean;
  /** Shown faded: away (their presence) or offline (no socket on the floor; they keep their seat). */
  state?: 'away' | 'offline';
}

const faceClass = (person: MapPerson) =>
  ['floor-room__face', person.isSelf && 'floor-room__face--self', person.state && `floor-room__face--${person.state}`]
    .filter(Boolean)
    .join(' ');

export interface FloorMapProps {
  rooms: readonly MapRoom[];
  people?: readonly MapPerson[];
  /** Makes the rooms buttons (the live floor); without it the map is a picture (the plan preview). */
  onRoomClick?(room: MapRoom): void;
  /** A small drawing without names, for the plan choice. */
  compact?: boolean;
  label: string;
}

const MAX_FACES = 5;

/** The office plan with its 24 rooms, who is in each, and which are locked. Props only: the live floor feeds it. */
export function FloorMap({ rooms, people = [], onRoomClick, compact = false, label }: FloorMapProps) {
  const intl = useIntl();
  return (
    <div className={`floor-map${compact ? ' floor-map--compact' : ''}`} role="group" aria-label={label}>
      {rooms.map((room) => {
        const here = people.filter((person) => person.roomNumber === room.number);
        const description = intl.formatMessage(
          { id: room.locked ? 'floors.map.roomLocked' : 'floors.map.roomOpen' },
          { name: room.name, count: here.length, seats: room.seat },
        );
        const content = (
          <>
            <span className="floor-room__head">
              <span className="floor-room__name">{room.name}</span>
              {room.locked && <LockIcon className="floor-room__lock" />}
            </span>
            {!compact && (
              <span className="floor-room__people">
                {here.slice(0, MAX_FACES).map((person) => (
                  <span
                    key={person.id}
                    className={faceClass(person)}
                    data-person={person.id}
                    title={
                      person.state
                        ? intl.formatMessage(
                            { id: person.state === 'away' ? 'floors.map.personAway' : 'floors.map.personOffline' },
                            { name: person.name },
                          )
                        : person.name
                    }
                  >
                    <Avatar
                      name={person.name}
                      imageUrl={person.avatarImageUrl}
                      color={person.avatarColor ?? avatarColour(person.name)}
                      size={28}
                    />
                  </span>
                ))}
                {here.length > MAX_FACES && <span className="floor-room__more">+{here.length - MAX_FACES}</span>}
              </span>
            )}
            {!compact && (
              <span className="floor-room__seats" aria-hidden="true">
                {here.length}/{room.seat}
              </span>
            )}
          </>
        );
        const className = `floor-room floor-room--${room.areaType.toLowerCase()}${room.locked ? ' floor-room--locked' : ''}`;
        return onRoomClick ? (
          <button
            key={room.number}
            type="button"
            className={className}
            style={{ gridArea: room.key }}
            data-room={room.number}
            aria-label={description}
            onClick={() => onRoomClick(room)}
          >
            {content}
          </button>
        ) : (
          <div
            key={room.number}
            className={className}
            style={{ gridArea: room.key }}
            data-room={room.number}
            title={compact ? room.name : undefined}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
}
