/**
 * Floors, rooms and floor participants (product spec §3, §4, §5, §6): the
 * fixed 24 rooms, floor types and statuses, permissions, and the Japan time
 * rules of floor times.
 */

/** Floor type (spec §3): with time 1, without time (permanent) 2. */
export const FLOOR_TYPES = { WITH_TIME: 1, PERMANENT: 2 } as const;
export type FloorType = (typeof FLOOR_TYPES)[keyof typeof FLOOR_TYPES];

export const FLOOR_PRIVACIES = ['public', 'private'] as const;
export type FloorPrivacy = (typeof FLOOR_PRIVACIES)[number];

/** Derived from the times (spec §4). A permanent floor is always running. */
export const FLOOR_STATUSES = ['upcoming', 'running', 'finished'] as const;
export type FloorStatus = (typeof FLOOR_STATUSES)[number];

/** The list groups of the floor list screen (spec §4). */
export const FLOOR_GROUPS = ['ongoing', 'upcoming', 'past', 'permanent'] as const;
export type FloorGroup = (typeof FLOOR_GROUPS)[number];

/** Length limits of the floor texts (decided: the spec shows a counter but no numbers). */
export const FLOOR_TITLE_MAX = 100;
export const FLOOR_CATCHCOPY_MAX = 100;
export const FLOOR_CATCHPHRASE_MAX = 200;
export const FLOOR_DESCRIPTION_MAX = 2000;
export const FLOOR_PASSWORD_MIN = 6;
export const FLOOR_PASSWORD_MAX = 32;
export const ROOM_SEAT_MAX = 50;
/** A room name set by a host (decided: the spec gives no number; short enough for a room's tile on the map). */
export const ROOM_NAME_MAX = 30;
export const ROOM_PASSWORD_DIGITS = 6;
export const FLOOR_IMAGE_RECOMMENDED = { width: 780, height: 490 } as const;

/** Permission flags of a participant (spec §3, §6), in the order of the spec. */
export const PARTICIPANT_PERMISSIONS = [
  'speech',
  'subhost',
  'meetingRoom',
  'receptionRoom',
  'conference',
  'recording',
] as const;
export type ParticipantPermission = (typeof PARTICIPANT_PERMISSIONS)[number];
export type ParticipantPermissions = Record<ParticipantPermission, boolean>;

/** HOST marks the host; EMPLOYEE a member of the floor's team; GUEST anyone else invited by e-mail. */
export const PARTICIPANT_TYPES = ['HOST', 'EMPLOYEE', 'GUEST'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export const PARTICIPANT_STATUSES = ['pending', 'participated'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Room types (spec §3): the permission a room asks for; null for an open room. */
export const ROOM_TYPES = ['SPEECH', 'SUBHOST', 'MEETING_ROOM', 'RECEPTION_ROOM', 'CONFERENCE', 'RECORDING'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const AREA_TYPES = ['DEFAULT', 'MEETING', 'VISITOR', 'STAGE', 'NO_WEBRTC', 'OFFICE'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

export interface RoomDefinition {
  number: number;
  key: string;
  name: { ja: string; en: string };
  type: RoomType | null;
  areaType: AreaType;
  seat: number;
}

const room = (
  number: number,
  key: string,
  ja: string,
  en: string,
  areaType: AreaType,
  seat: number,
  type: RoomType | null = null,
): RoomDefinition => ({ number, key, name: { ja, en }, type, areaType, seat });

const TABLES = 'ABCDEFGHIJ'.split('');

/**
 * The 24 rooms of every floor and their fixed numbers. The spec names the
 * rooms but not their numbers; these follow its hints: 3 break room, 18
 * meeting room, 20 visitor room, and the knock-sound list 4, 8–17 (the
 * waiting room and the ten tables).
 */
export const ROOMS: readonly RoomDefinition[] = [
  room(1, 'entrance', 'エントランス', 'Entrance', 'DEFAULT', 50),
  room(2, 'frontDesk', '受付', 'Front desk', 'VISITOR', 10),
  room(3, 'breakRoom', '休憩室', 'Break room', 'DEFAULT', 20),
  room(4, 'waitingRoom', '控室', 'Waiting room', 'STAGE', 50),
  room(5, 'phoneBooth', '電話ブース', 'Phone booth', 'DEFAULT', 1),
  room(6, 'leaderOffice', 'リーダー室', "Team leader's office", 'OFFICE', 6),
  room(7, 'stage', 'ステージ', 'Stage', 'STAGE', 50, 'SPEECH'),
  ...TABLES.map((letter, i) => room(8 + i, `table${letter}`, `テーブル${letter}`, `Table ${letter}`, 'OFFICE', 6)),
  room(18, 'meetingRoom1', '会議室1', 'Meeting room 1', 'MEETING', 10, 'MEETING_ROOM'),
  room(19, 'meetingRoom2', '会議室2', 'Meeting room 2', 'MEETING', 10, 'MEETING_ROOM'),
  ...[1, 2, 3, 4].map((n) =>
    room(19 + n, `guestLounge${n}`, `応接室${n}`, `Guest lounge ${n}`, 'VISITOR', 6, 'RECEPTION_ROOM'),
  ),
  room(24, 'outOfOffice', '外出中', 'Out of office', 'NO_WEBRTC', 50),
];
export const ROOM_COUNT = 24;
export const roomDefinition = (number: number): RoomDefinition | undefined => ROOMS[number - 1];

/**
 * Rooms that always stay open: the entrance, where everyone arrives (issue
 * 13: it can never be locked), and "out of office", a status everyone must
 * be able to take.
 */
export const ALWAYS_OPEN_ROOM_KEYS: readonly string[] = ['entrance', 'outOfOffice'];
export const isLockableRoom = (number: number): boolean => {
  const key = roomDefinition(number)?.key;
  return key !== undefined && !ALWAYS_OPEN_ROOM_KEYS.includes(key);
};

/**
 * Rooms whose type a host may not change (issue 16, s25rooms): the entrance,
 * where everyone arrives, must stay open; the stage is the presentations'
 * room (features/stage); "out of office" is a status everyone must be able
 * to take. Their names may still change.
 */
export const FIXED_TYPE_ROOM_KEYS: readonly string[] = ['entrance', 'stage', 'outOfOffice'];
export const isRoomTypeFixed = (number: number): boolean => {
  const key = roomDefinition(number)?.key;
  return key === undefined || FIXED_TYPE_ROOM_KEYS.includes(key);
};

/**
 * The types a host may give a room (PATCH floor-room/{id}): every type of
 * the spec but SPEECH, which is the stage's own (features/stage is the one
 * stage, room 7). null makes the room open to everyone.
 */
export const ROOM_EDITABLE_TYPES = ['SUBHOST', 'MEETING_ROOM', 'RECEPTION_ROOM', 'CONFERENCE', 'RECORDING'] as const;

/** Stored for a room a host made open although its number's type asks for a flag. */
export const ROOM_TYPE_OPEN = 'OPEN';

/**
 * The type a room has now from its stored override (floor_rooms.type): null
 * is its number's default (ROOMS), ROOM_TYPE_OPEN an open room, anything
 * else that type. Rooms of fixed type keep their default whatever is stored.
 */
export function effectiveRoomType(room: { number: number; type: string | null }): RoomType | null {
  const fallback = roomDefinition(room.number)?.type ?? null;
  if (room.type === null || isRoomTypeFixed(room.number)) return fallback;
  if (room.type === ROOM_TYPE_OPEN) return null;
  return (ROOM_TYPES as readonly string[]).includes(room.type) ? (room.type as RoomType) : fallback;
}

/** What to store for a chosen type: null when it is the number's default (so ROOMS stays the one source). */
export function storedRoomType(number: number, type: RoomType | null): string | null {
  if (type === (roomDefinition(number)?.type ?? null)) return null;
  return type ?? ROOM_TYPE_OPEN;
}

/** The name a room has now: the host's, else its number's in the language asked. */
export function effectiveRoomName(room: { number: number; name: string | null }, locale: 'ja' | 'en'): string {
  return room.name ?? roomDefinition(room.number)?.name[locale] ?? '';
}

/**
 * Floor times are Japan time (UTC+9, no daylight saving). A time without an
 * offset ("2026-12-01T10:00") is read as Japan time; one with an offset or Z
 * is taken as it is. Seconds are dropped: floor times are whole minutes.
 */
const JAPAN_OFFSET_MS = 9 * 3600 * 1000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseJapanTime(text: string): Date | null {
  const local = LOCAL.exec(text);
  let ms: number;
  if (local) {
    const [y, mo, d, h, mi] = local.slice(1, 6).map(Number) as [number, number, number, number, number];
    ms = Date.UTC(y, mo - 1, d, h, mi) - JAPAN_OFFSET_MS;
    const back = new Date(ms + JAPAN_OFFSET_MS);
    if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  } else if (ZONED.test(text)) {
    ms = Date.parse(text);
  } else return null;
  return Number.isFinite(ms) ? truncateToMinute(new Date(ms)) : null;
}

export const truncateToMinute = (date: Date): Date => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

/** 2026-12-01T01:00Z → "2026-12-01T10:00:00+09:00". */
export function toJapanTime(date: Date): string {
  return `${new Date(date.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 19)}+09:00`;
}

/** Status of a floor at `now` (spec §4): upcoming before the start, finished from the end on. */
export function floorStatus(type: FloorType, startAt: Date | null, endAt: Date | null, now: Date): FloorStatus {
  if (type === FLOOR_TYPES.PERMANENT || !startAt || !endAt) return 'running';
  if (now.getTime() < startAt.getTime()) return 'upcoming';
  return now.getTime() < endAt.getTime() ? 'running' : 'finished';
}
