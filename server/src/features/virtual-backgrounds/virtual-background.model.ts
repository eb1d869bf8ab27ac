import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { VirtualBackgroundDto } from '@tsudoi/common';

/** An uploaded background image; its bytes are `<dataDir>/virtual-backgrounds/<file>`. */
export class VirtualBackground extends Model<
  InferAttributes<VirtualBackground>,
  InferCreationAttributes<VirtualBackground>
> {
  declare id: CreationOptional<number>;
  /** The owner: a user, or a guest user (then with their floor and participant row). */
  declare userId: number;
  declare floorId: number | null;
  declare participantId: number | null;
  /** The company its bytes are charged to: the user's team, or a guest's floor's (null: no team). */
  declare companyId: number | null;
  /** 32 random hex digits, no extension. */
  declare file: string;
  declare mimeType: VirtualBackgroundDto['mimeType'];
  declare size: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const int = (allowNull: boolean) => ({ type: DataTypes.INTEGER, allowNull });

export function defineVirtualBackground(sequelize: Sequelize): ModelStatic<VirtualBackground> {
  class BoundVirtualBackground extends VirtualBackground {}
  BoundVirtualBackground.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      userId: int(false),
      floorId: int(true),
      participantId: int(true),
      companyId: int(true),
      file: { type: DataTypes.STRING(32), allowNull: false },
      mimeType: { type: DataTypes.STRING(32), allowNull: false },
      size: int(false),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'virtual_backgrounds', underscored: true },
  );
  return BoundVirtualBackground;
}

export const toVirtualBackgroundDto = (row: VirtualBackground): VirtualBackgroundDto => ({
  id: row.id,
  mimeType: row.mimeType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  url: `/api/virtual-backgrounds/download/${row.id}`,
});
