import { avatarColour, type AreaType, type MessageId } from '@tsudoi/common';
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
  /**
   * Their presence when not simply available: busy and in a meeting get a
   * status dot, away is faded too, offline (no socket on the floor; they keep
   * their seat) is greyed out.
   */
  state?: 'away' | 'offline' | 'busy' | 'meeting';
}

const STATE_TITLES = {
  away: 'floors.map.personAway',
  offline: 'floors.map.personOffline',
  busy: 'floors.map.personBusy',
  meeting: 'floors.map.personMeeting',
} as const satisfies Record<NonNullable<MapPerson['state']>, MessageId>;

const faceClass = (person: MapPerson) =>
  ['floor-room__face', person.isSelf && 'floor-room__face--self', person.state && `floor-room__face--${person.state}`]
    .filter(Boolean)
    .join(' ');

export interface FloorMapProps {
  rooms: readonly MapRoom[];
  people?: readonly MapPerson[];
  /** Makes the rooms buttons (the live floor); without it the map is a picture (the plan preview). */
  onRoomClick?(room: MapRoom): void;
  /** Makes the faces buttons too (the live floor: a person's popup). */
  onPersonClick?(person: MapPerson): void;
  /** People with an invitation of mine waiting (their face pulses). */
  pending?: ReadonlySet<MapPerson['id']>;
  /** People speaking now in my room (a green ring round their face). */
  speaking?: ReadonlySet<MapPerson['id']>;
  /** A small drawing without names, for the plan choice. */
  compact?: boolean;
  label: string;
}

const MAX_FACES = 5;

/** The office plan with its 24 rooms, who is in each, and which are locked. Props only: the live floor feeds it. */
export function FloorMap(props: FloorMapProps) {
  const { rooms, people = [], onRoomClick, onPersonClick, pending, speaking, compact = false, label } = props;
  const intl = useIntl();
  const titleOf = (person: MapPerson) =>
    person.state ? intl.formatMessage({ id: STATE_TITLES[person.state] }, { name: person.name }) : person.name;
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
                {here.slice(0, MAX_FACES).map((person) => {
                  const avatar = (
                    <Avatar
                      name={person.name}
                      imageUrl={person.avatarImageUrl}
                      color={person.avatarColor ?? avatarColour(person.name)}
                      size={28}
                    />
                  );
                  const className = [
                    faceClass(person),
                    pending?.has(person.id) && 'floor-room__face--pending',
                    speaking?.has(person.id) && 'floor-room__face--speaking',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return onPersonClick ? (
                    <button
                      key={person.id}
                      type="button"
                      className={`${className} floor-room__face--button`}
                      data-person={person.id}
                      title={titleOf(person)}
                      aria-label={titleOf(person)}
                      onClick={() => onPersonClick(person)}
                    >
                      {avatar}
                    </button>
                  ) : (
                    <span key={person.id} className={className} data-person={person.id} title={titleOf(person)}>
                      {avatar}
                    </span>
                  );
                })}
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
        // A room is a button; with clickable faces the button lies under the faces (no button in a button).
        if (onRoomClick && onPersonClick)
          return (
            <div
              key={room.number}
              className={`${className} floor-room--layered`}
              style={{ gridArea: room.key }}
              data-room={room.number}
            >
              <button
                type="button"
                className="floor-room__hit"
                aria-label={description}
                onClick={() => onRoomClick(room)}
              />
              {content}
            </div>
          );
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
