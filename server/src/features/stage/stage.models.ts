import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { PresentationMemberRole, PresentationRole } from '@tsudoi/common';

export type StageKind = 'P' | 'C';

/** A presentation on a floor's stage; `runningFloorId` is set while it runs (one per floor). */
export class StagePresentation extends Model<
  InferAttributes<StagePresentation>,
  InferCreationAttributes<StagePresentation>
> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare runningFloorId: number | null;
  declare hostId: number;
  declare roomId: number;
  declare isPrivateRoom: boolean;
  declare saveChat: boolean;
  /** 'P' a presentation, 'C' a conference (all-hands). */
  declare kind: CreationOptional<StageKind>;
  /** The speaker shown large for everyone, and which of their sources (null: each client picks). */
  declare focusedUserId: CreationOptional<number | null>;
  declare focusedSource: CreationOptional<'camera' | 'screen' | null>;
  /** The host opened the participant list for everyone. */
  declare showParticipants: CreationOptional<boolean>;
  declare startedAt: Date;
  declare endedAt: Date | null;
}

/**
 * Someone in a presentation, as speaker (S) or audience (A), or waiting
 * outside a private one (W). `requested`: the role asked for, waiting for the
 * host's admit or deny; `called`: the host called them to join as speaker.
 */
export class StageMember extends Model<InferAttributes<StageMember>, InferCreationAttributes<StageMember>> {
  declare id: CreationOptional<number>;
  declare presentationId: number;
  declare userId: number;
  declare role: PresentationMemberRole;
  declare requested: CreationOptional<PresentationRole | null>;
  declare called: CreationOptional<boolean>;
  /** The room they came from, where a removal sends them back (null: unknown, the entrance). */
  declare returnRoomId: CreationOptional<number | null>;
  declare joinedAt: Date;
}

/** A Q&A question of a presentation. */
export class StageQuestion extends Model<InferAttributes<StageQuestion>, InferCreationAttributes<StageQuestion>> {
  declare id: CreationOptional<number>;
  declare presentationId: number;
  declare userId: number;
  declare text: string;
  declare hidden: CreationOptional<boolean>;
  /** Marked answered by the host: below the open questions, shown as answered. */
  declare answered: CreationOptional<boolean>;
  /** Pinned by the host: at the top of the list. */
  declare pinned: CreationOptional<boolean>;
  declare createdAt: Date;
}

/** One person's vote on a question (up or down; changed in place). */
export class StageVote extends Model<InferAttributes<StageVote>, InferCreationAttributes<StageVote>> {
  declare id: CreationOptional<number>;
  declare questionId: number;
  declare userId: number;
  declare up: boolean;
}

const int = (allowNull = false) => ({ type: DataTypes.INTEGER, allowNull });
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
const options = (sequelize: Sequelize, tableName: string) => ({
  sequelize,
  tableName,
  underscored: true,
  timestamps: false,
});

/** The stage's models, bound to one database (see db/models.ts). */
export function defineStageModels(sequelize: Sequelize) {
  const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
  class BoundPresentation extends StagePresentation {}
  BoundPresentation.init(
    {
      id,
      floorId: int(),
      runningFloorId: int(true),
      hostId: int(),
      roomId: int(),
      isPrivateRoom: flag(),
      saveChat: flag(),
      kind: { type: DataTypes.STRING(1), allowNull: false, defaultValue: 'P' },
      focusedUserId: int(true),
      focusedSource: { type: DataTypes.STRING(6), allowNull: true, defaultValue: null },
      showParticipants: flag(),
      startedAt: { type: DataTypes.DATE, allowNull: false },
      endedAt: { type: DataTypes.DATE, allowNull: true },
    },
    options(sequelize, 'stage_presentations'),
  );
  class BoundMember extends StageMember {}
  BoundMember.init(
    {
      id,
      presentationId: int(),
      userId: int(),
      role: { type: DataTypes.STRING(1), allowNull: false },
      requested: { type: DataTypes.STRING(1), allowNull: true, defaultValue: null },
      called: flag(),
      returnRoomId: int(true),
      joinedAt: { type: DataTypes.DATE, allowNull: false },
    },
    options(sequelize, 'stage_members'),
  );
  class BoundQuestion extends StageQuestion {}
  BoundQuestion.init(
    {
      id,
      presentationId: int(),
      userId: int(),
      text: { type: DataTypes.STRING(500), allowNull: false },
      hidden: flag(),
      answered: flag(),
      pinned: flag(),
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    options(sequelize, 'stage_questions'),
  );
  class BoundVote extends StageVote {}
  BoundVote.init(
    { id, questionId: int(), userId: int(), up: { type: DataTypes.BOOLEAN, allowNull: false } },
    options(sequelize, 'stage_votes'),
  );
  return {
    StagePresentation: BoundPresentation,
    StageMember: BoundMember,
    StageQuestion: BoundQuestion,
    StageVote: BoundVote,
  };
}
