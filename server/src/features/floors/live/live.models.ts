import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { ParticipantType, PresenceStatus, RoomInvitationOutcome } from '@tsudoi/common';

/** A user on a floor (spec §3 "User on floor"): room, seat, type and activeStatus; kept while they reconnect. */
export class FloorUser extends Model<InferAttributes<FloorUser>, InferCreationAttributes<FloorUser>> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare userId: number;
  declare roomId: number;
  declare seat: number;
  declare participantType: ParticipantType;
  declare activeStatus: PresenceStatus;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export type ParticipantLogType = 'enter' | 'leave';
/** One enter or leave of a floor (spec §3 "Participant log"). */
export class ParticipantLog extends Model<InferAttributes<ParticipantLog>, InferCreationAttributes<ParticipantLog>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare floorId: number;
  declare userId: number;
  declare type: ParticipantLogType;
  declare roomId: number | null;
  declare at: Date;
}

export type RoomInvitationStatus = 'pending' | RoomInvitationOutcome;
/** An invitation into a room; pending until answered, cancelled or expired (10000 ms). */
export class RoomInvitation extends Model<InferAttributes<RoomInvitation>, InferCreationAttributes<RoomInvitation>> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare roomId: number;
  declare inviterId: number;
  declare inviteeId: number;
  declare status: RoomInvitationStatus;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const int = (allowNull = false) => ({ type: DataTypes.INTEGER, allowNull });

/** The live floor's models, bound to one database (see db/models.ts). */
export function defineLiveModels(sequelize: Sequelize) {
  class BoundFloorUser extends FloorUser {}
  BoundFloorUser.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: int(),
      userId: int(),
      roomId: int(),
      seat: int(),
      participantType: { type: DataTypes.STRING(8), allowNull: false },
      activeStatus: { type: DataTypes.STRING(12), allowNull: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'floor_users', underscored: true },
  );
  class BoundParticipantLog extends ParticipantLog {}
  BoundParticipantLog.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: int(),
      floorId: int(),
      userId: int(),
      type: { type: DataTypes.STRING(8), allowNull: false },
      roomId: int(true),
      at: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'participant_logs', underscored: true, timestamps: false },
  );
  class BoundRoomInvitation extends RoomInvitation {}
  BoundRoomInvitation.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: int(),
      roomId: int(),
      inviterId: int(),
      inviteeId: int(),
      status: { type: DataTypes.STRING(10), allowNull: false },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'room_invitations', underscored: true },
  );
  return { FloorUser: BoundFloorUser, ParticipantLog: BoundParticipantLog, RoomInvitation: BoundRoomInvitation };
}
