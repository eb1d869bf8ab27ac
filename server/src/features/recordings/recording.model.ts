import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { DerivedStatus, RecordingStatus } from '@tsudoi/common';

/** One server-side recording of a floor room (migration 0014). JSON columns are strings. */
export class Recording extends Model<InferAttributes<Recording>, InferCreationAttributes<Recording>> {
  declare id: CreationOptional<number>;
  declare companyId: number | null;
  declare floorId: number;
  declare roomId: number;
  declare roomName: string;
  declare floorName: string;
  declare startedBy: number | null;
  declare startedAt: Date;
  declare endedAt: CreationOptional<Date | null>;
  declare durationMs: CreationOptional<number | null>;
  declare size: CreationOptional<number | null>;
  declare storageKey: CreationOptional<string | null>;
  declare status: RecordingStatus;
  /** JSON: the segments' offsets and the speakers of each (RecordedSegment[]). */
  declare segments: CreationOptional<string | null>;
  declare transcriptStatus: CreationOptional<DerivedStatus>;
  declare transcriptEngine: CreationOptional<string | null>;
  declare transcript: CreationOptional<string | null>;
  declare minutesStatus: CreationOptional<DerivedStatus>;
  declare minutes: CreationOptional<string | null>;
  /** Salvaged after its server was lost: the file holds what was saved until then. */
  declare interrupted: CreationOptional<boolean>;
  /** The process recording it (host:pid:start) and when it last said so (migration 0030). */
  declare recorderId: CreationOptional<string | null>;
  declare heartbeatAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function defineRecording(sequelize: Sequelize): ModelStatic<Recording> {
  class BoundRecording extends Recording {}
  BoundRecording.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: { type: DataTypes.INTEGER, allowNull: true },
      floorId: { type: DataTypes.INTEGER, allowNull: false },
      roomId: { type: DataTypes.INTEGER, allowNull: false },
      roomName: { type: DataTypes.STRING(100), allowNull: false },
      floorName: { type: DataTypes.STRING(255), allowNull: false },
      startedBy: { type: DataTypes.INTEGER, allowNull: true },
      startedAt: { type: DataTypes.DATE, allowNull: false },
      endedAt: { type: DataTypes.DATE, allowNull: true },
      durationMs: { type: DataTypes.INTEGER, allowNull: true },
      size: {
        type: DataTypes.BIGINT,
        allowNull: true,
        get(this: Recording) {
          const v = this.getDataValue('size');
          return v === null || v === undefined ? null : Number(v);
        },
      },
      storageKey: { type: DataTypes.STRING(128), allowNull: true },
      status: { type: DataTypes.STRING(12), allowNull: false },
      segments: { type: DataTypes.TEXT, allowNull: true },
      transcriptStatus: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'none' },
      transcriptEngine: { type: DataTypes.STRING(32), allowNull: true },
      transcript: { type: DataTypes.TEXT, allowNull: true },
      minutesStatus: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'none' },
      minutes: { type: DataTypes.TEXT, allowNull: true },
      interrupted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      recorderId: { type: DataTypes.STRING(120), allowNull: true },
      heartbeatAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'recordings', underscored: true },
  );
  return BoundRecording;
}

/** Someone besides the starter and the hosts who may watch a recording (migration 0026). */
export class RecordingViewer extends Model<InferAttributes<RecordingViewer>, InferCreationAttributes<RecordingViewer>> {
  declare id: CreationOptional<number>;
  declare recordingId: number;
  declare userId: number;
  /** 'present': in the recorded room while it ran; 'shared': given access by the starter or a host. */
  declare reason: 'present' | 'shared';
  declare sharedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
}

export function defineRecordingViewer(sequelize: Sequelize): ModelStatic<RecordingViewer> {
  class BoundRecordingViewer extends RecordingViewer {}
  BoundRecordingViewer.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      recordingId: { type: DataTypes.INTEGER, allowNull: false },
      userId: { type: DataTypes.INTEGER, allowNull: false },
      reason: { type: DataTypes.STRING(8), allowNull: false },
      sharedBy: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'recording_viewers', underscored: true, updatedAt: false },
  );
  return BoundRecordingViewer;
}
