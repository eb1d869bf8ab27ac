import type { RoomType } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import { STAGE_ROOM_NUMBER } from './stage-service';

/**
 * The stage room's rules, given to the live floor (room moves) and to media
 * (produce): the room is entered only by a presentation's speakers and
 * audience (never walked into from the map, and a private presentation's
 * waiting people stay outside), and only its speakers produce there (spec §4
 * producers rule; the audience watches and listens).
 */
export class StageGates {
  /** Floor id → its stage room's id (rooms keep their ids; null: the floor has none). */
  private readonly stageRooms = new Map<number, number | null>();

  constructor(private readonly models: Models) {}

  private async stageRoom(floorId: number): Promise<number | null> {
    if (this.stageRooms.has(floorId)) return this.stageRooms.get(floorId)!;
    const room = await this.models.FloorRoom.findOne({
      where: { floorId, number: STAGE_ROOM_NUMBER },
      attributes: ['id'],
    });
    this.stageRooms.set(floorId, room?.id ?? null);
    return room?.id ?? null;
  }

  /** The role of `userId` in the floor's running presentation (null: none runs or not in it). */
  private async role(floorId: number, userId: number) {
    const p = await this.models.StagePresentation.findOne({ where: { runningFloorId: floorId }, attributes: ['id'] });
    if (!p) return null;
    const m = await this.models.StageMember.findOne({ where: { presentationId: p.id, userId }, attributes: ['role'] });
    return m?.role ?? null;
  }

  /**
   * The live floor's room gate: into the stage only as a speaker or audience
   * member (other rooms: at once). The stage is the room whose type is SPEECH
   * now (the live floor's room metadata); only room 7 has it and keeps it
   * (isRoomTypeFixed, ROOM_EDITABLE_TYPES in common).
   */
  readonly enter = (floorId: number, userId: number, room: { type: RoomType | null }): Promise<void> | undefined => {
    if (room.type !== 'SPEECH') return undefined;
    return this.role(floorId, userId).then((role) => {
      if (role !== 'S' && role !== 'A') throw new AppError('STAGE_ROOM_CLOSED');
    });
  };

  /** Media's produce gate: on the stage only the presentation's speakers produce (other rooms: at once once known). */
  readonly produce = (floorId: number, userId: number, roomId: number): Promise<void> | undefined => {
    const known = this.stageRooms.get(floorId);
    if (known !== undefined && known !== roomId) return undefined;
    return (async () => {
      if (roomId !== (await this.stageRoom(floorId))) return;
      if ((await this.role(floorId, userId)) !== 'S') throw new AppError('MEDIA_AUDIENCE_CANNOT_PRODUCE');
    })();
  };
}
