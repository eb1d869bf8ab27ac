import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { ParticipantStatus, ParticipantType } from '@tsudoi/common';
import { randomLinkToken } from './floor.model';

/** A person invited to a floor (or its HOST), by e-mail, linked to an account when there is one. */
export class FloorParticipant extends Model<
  InferAttributes<FloorParticipant>,
  InferCreationAttributes<FloorParticipant>
> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare userId: number | null;
  declare email: string;
  declare name: string;
  declare type: ParticipantType;
  declare status: CreationOptional<ParticipantStatus>;
  declare permissionSpeech: CreationOptional<boolean>;
  declare permissionSubhost: CreationOptional<boolean>;
  declare permissionMeetingRoom: CreationOptional<boolean>;
  declare permissionReceptionRoom: CreationOptional<boolean>;
  declare permissionConference: CreationOptional<boolean>;
  declare permissionRecording: CreationOptional<boolean>;
  declare invitedBy: number | null;
  /** Made by a booking for its guest (not by a floor invitation): the guest's last booking ending it ends the row. */
  declare fromBooking: CreationOptional<boolean>;
  /** The participant's own link token (a guest's app_id); never shown to other participants. */
  declare publicToken: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });

export function defineFloorParticipant(sequelize: Sequelize): ModelStatic<FloorParticipant> {
  class BoundFloorParticipant extends FloorParticipant {}
  BoundFloorParticipant.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: { type: DataTypes.INTEGER, allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: true },
      email: { type: DataTypes.STRING(254), allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      type: { type: DataTypes.STRING(8), allowNull: false },
      status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'pending' },
      permissionSpeech: flag(),
      permissionSubhost: flag(),
      permissionMeetingRoom: flag(),
      permissionReceptionRoom: flag(),
      permissionConference: flag(),
      permissionRecording: flag(),
      invitedBy: { type: DataTypes.INTEGER, allowNull: true },
      fromBooking: flag(),
      publicToken: { type: DataTypes.STRING(43), allowNull: true, defaultValue: randomLinkToken },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'floor_participants', underscored: true },
  );
  return BoundFloorParticipant;
}
