import type { Models } from '../../db/models';
import { roomOfUser } from '../floors/live/engine/places';
import type { StageMember, StagePresentation } from './stage.models';

/** The entrance of every floor (ROOMS: 1), where a member goes when the room they came from is unknown. */
const ENTRANCE_ROOM_NUMBER = 1;
/** The waiting room of every floor (ROOMS: 4, 'waitingRoom'): where people wait to be let in, emptied at the end. */
export const WAITING_ROOM_NUMBER = 4;

/** The live floor's part in the moves. */
export interface StageMoveDeps {
  /** The live floor's move of someone on the floor into a room (live.moveUser); throws when refused. */
  moveUser?: (floorId: number, userId: number, roomId: number) => Promise<unknown>;
  /** A move that went wrong (logged). */
  warn?: (err: unknown, msg: string) => void;
}

/** Where `sendOff` takes people from, and the entrance (null: the floor has none). */
interface StagePlaces {
  from: number[];
  entrance: number | null;
}

/**
 * The server's moves of a presentation's people (the live floor's move, `deps.moveUser`): into the waiting
 * room while they wait to be let in, and off the stage or out of the waiting room when they are turned down,
 * leave, are taken out, or the presentation ends, back to the room they came from (the entrance when that is
 * unknown or refused). Someone no longer on the floor (the app closed meanwhile) is not moved.
 */
export class StageMoves {
  constructor(
    private readonly models: Models,
    private readonly deps: StageMoveDeps,
  ) {}

  /** Waiting is a place: out of the room (and its call) they asked from, into the waiting room. */
  async intoWaitingRoom(p: StagePresentation, userId: number): Promise<void> {
    const move = this.deps.moveUser;
    if (!move) return;
    const room = await this.models.FloorRoom.findOne({
      where: { floorId: p.floorId, number: WAITING_ROOM_NUMBER },
      attributes: ['id'],
    });
    if (!room || (await roomOfUser(this.models, p.floorId, userId)) === room.id) return;
    try {
      await move(p.floorId, userId, room.id);
    } catch (err) {
      this.deps.warn?.(err, 'waiting member not moved to the waiting room');
    }
  }

  /** Turned down at the door, or leaving while waiting: back from the waiting room to where they asked from. */
  async backFromWaiting(p: StagePresentation, userId: number, returnRoomId: number | null): Promise<void> {
    await this.sendOff(p, userId, returnRoomId, await this.places(p, true));
  }

  /** Taken out by its host: off the stage. */
  async offStage(p: StagePresentation, userId: number, returnRoomId: number | null): Promise<void> {
    await this.sendOff(p, userId, returnRoomId, await this.places(p, false));
  }

  /** The end: everyone off the stage and out of the waiting room. */
  async allOff(p: StagePresentation, members: Pick<StageMember, 'userId' | 'returnRoomId'>[]): Promise<void> {
    const places = await this.places(p, true);
    const moves = await Promise.allSettled(
      members.map((m) => this.sendOff(p, m.userId, m.returnRoomId ?? null, places)),
    );
    for (const move of moves)
      if (move.status === 'rejected') this.deps.warn?.(move.reason, 'presentation member not moved');
  }

  /** Out of `places.from`, if there now: to `returnRoomId`, else (or refused) the entrance. */
  private async sendOff(
    p: StagePresentation,
    userId: number,
    returnRoomId: number | null,
    places: StagePlaces,
  ): Promise<void> {
    const move = this.deps.moveUser;
    if (!move) return;
    const here = await roomOfUser(this.models, p.floorId, userId);
    if (here === null || !places.from.includes(here)) return;
    const targets = [...new Set([returnRoomId, places.entrance])].filter(
      (id): id is number => id !== null && !places.from.includes(id),
    );
    for (const roomId of targets) {
      try {
        await move(p.floorId, userId, roomId);
        return;
      } catch (err) {
        this.deps.warn?.(err, 'presentation member not moved there');
      }
    }
  }

  /** The rooms a member is sent off from (the stage; with `waiting`, the waiting room too) and the entrance. */
  private async places(p: StagePresentation, waiting: boolean): Promise<StagePlaces> {
    const numbers = waiting ? [ENTRANCE_ROOM_NUMBER, WAITING_ROOM_NUMBER] : [ENTRANCE_ROOM_NUMBER];
    const rooms = await this.models.FloorRoom.findAll({
      where: { floorId: p.floorId, number: numbers },
      attributes: ['id', 'number'],
    });
    const id = (n: number) => rooms.find((r) => r.number === n)?.id ?? null;
    const waitingRoom = waiting ? id(WAITING_ROOM_NUMBER) : null;
    return { from: waitingRoom === null ? [p.roomId] : [p.roomId, waitingRoom], entrance: id(ENTRANCE_ROOM_NUMBER) };
  }
}
