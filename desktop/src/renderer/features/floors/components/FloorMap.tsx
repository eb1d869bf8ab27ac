import {
  avatarColour,
  DEFAULT_FLOOR_PLAN,
  FLOOR_PLAN_WIDTHS,
  type AreaType,
  type AttendanceStatus,
  type FloorPlan,
  type MessageId,
} from '@tsudoi/common';
import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { Avatar } from '@tsudoi/ui/controls';
import { LockIcon } from './floor-icons';
import { useFaceDrag } from './use-face-drag';
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
  /** Their attendance status for the team (working, on break, left work): a badge on the face. */
  attendance?: AttendanceStatus | null;
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
  /** Rooms closed to me (a booked visitor: all but the lobby and the visit's room), by id: shown as such. */
  closed?: ReadonlySet<number>;
  /** My face can be dragged onto another room (the live floor): the room's number on release. */
  onRoomDrop?(room: MapRoom): void;
  /** A small drawing without names, for the plan choice. */
  compact?: boolean;
  /** Where the rooms lie (resources/floor-plans); the default office plan when not given. */
  plan?: FloorPlan;
  label: string;
}

/** The plan's grid areas and column counts at each width, as the custom properties floor-map.css reads. */
function planStyle(plan: FloorPlan): CSSProperties {
  const vars: Record<string, string> = {};
  for (const width of FLOOR_PLAN_WIDTHS) {
    const rows = plan.layouts[width];
    vars[`--plan-${width}-areas`] = rows.map((row) => `"${row.trim()}"`).join(' ');
    vars[`--plan-${width}-columns`] = String(rows[0]!.trim().split(/\s+/).length);
  }
  return vars as CSSProperties;
}

const MAX_FACES = 5;

/** A floor plan with its 24 rooms, who is in each, and which are locked. Props only: the live floor feeds it. */
export function FloorMap(props: FloorMapProps) {
  const { rooms, people = [], onRoomClick, onPersonClick, onRoomDrop, pending, speaking, closed } = props;
  const { compact = false } = props;
  const { label, plan = DEFAULT_FLOOR_PLAN } = props;
  const intl = useIntl();
  const drop = onRoomDrop
    ? (number: number) => {
        const room = rooms.find((r) => r.number === number);
        if (room) onRoomDrop(room);
      }
    : undefined;
  const drag = useFaceDrag(drop);
  const self = people.find((person) => person.isSelf) ?? null;
  const titleOf = (person: MapPerson) => {
    const title = person.state
      ? intl.formatMessage({ id: STATE_TITLES[person.state] }, { name: person.name })
      : person.name;
    const withAttendance = person.attendance
      ? intl.formatMessage(
          { id: 'attendance.floor.statusOf' },
          { name: title, status: intl.formatMessage({ id: `attendance.status.${person.attendance}` }) },
        )
      : title;
    return person.isSelf && drop
      ? intl.formatMessage({ id: 'floors.map.dragHint' }, { name: withAttendance })
      : withAttendance;
  };
  const avatarOf = (person: MapPerson) => (
    <>
      <Avatar
        name={person.name}
        imageUrl={person.avatarImageUrl}
        color={person.avatarColor ?? avatarColour(person.name)}
        size={28}
      />
      {person.attendance && (
        <span
          className={`floor-room__attendance floor-room__attendance--${person.attendance}`}
          data-attendance={person.attendance}
          aria-hidden="true"
        />
      )}
    </>
  );
  return (
    <div
      className={`floor-map${compact ? ' floor-map--compact' : ''}${drag.at ? ' floor-map--dragging' : ''}`}
      role="group"
      aria-label={label}
      data-plan={plan.id}
      style={planStyle(plan)}
    >
      {rooms.map((room) => {
        const here = people.filter((person) => person.roomNumber === room.number);
        const shut = closed?.has(room.id) ?? false;
        const description = intl.formatMessage(
          { id: shut ? 'floors.map.roomClosed' : room.locked ? 'floors.map.roomLocked' : 'floors.map.roomOpen' },
          { name: room.name, count: here.length, seats: room.seat },
        );
        const content = (
          <>
            <span className="floor-room__head">
              <span className="floor-room__name">{room.name}</span>
              {room.locked && <LockIcon className="floor-room__lock" />}
              {!compact && (
                <span className="floor-room__seats" aria-hidden="true">
                  {here.length}/{room.seat}
                </span>
              )}
            </span>
            {!compact && (
              <span className="floor-room__people">
                {here.slice(0, MAX_FACES).map((person) => {
                  const avatar = avatarOf(person);
                  const draggable = person.isSelf && drop;
                  const className = [
                    faceClass(person),
                    pending?.has(person.id) && 'floor-room__face--pending',
                    speaking?.has(person.id) && 'floor-room__face--speaking',
                    draggable && 'floor-room__face--draggable',
                    draggable && drag.at && 'floor-room__face--lifted',
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
                      {...(draggable ? drag.handlers : {})}
                      onClick={() => {
                        if (draggable && drag.consumeClick()) return; // the release of a drag
                        onPersonClick(person);
                      }}
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
          </>
        );
        const className = [
          'floor-room',
          `floor-room--${room.areaType.toLowerCase()}`,
          room.locked && 'floor-room--locked',
          shut && 'floor-room--closed',
          drag.at && drag.over === room.number && 'floor-room--drop',
        ]
          .filter(Boolean)
          .join(' ');
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
                aria-disabled={shut || undefined}
                title={shut ? description : undefined}
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
            aria-disabled={shut || undefined}
            title={shut ? description : undefined}
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
      {drag.at && self && (
        <span className="floor-map__ghost" style={{ left: drag.at.x, top: drag.at.y }} aria-hidden="true">
          {avatarOf(self)}
        </span>
      )}
    </div>
  );
}
