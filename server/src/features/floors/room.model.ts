import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/**
 * One of the 24 rooms of a floor; its area comes from its number (ROOMS), its
 * name and type too unless a host set them (null: the number's; see
 * effectiveRoomType in common).
 */
export class FloorRoom extends Model<InferAttributes<FloorRoom>, InferCreationAttributes<FloorRoom>> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare number: number;
  declare seat: number;
  declare name: CreationOptional<string | null>;
  declare type: CreationOptional<string | null>;
  declare saveChat: CreationOptional<boolean>;
  declare locked: CreationOptional<boolean>;
  declare password: CreationOptional<string | null>;
  declare lockedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function defineFloorRoom(sequelize: Sequelize): ModelStatic<FloorRoom> {
  class BoundFloorRoom extends FloorRoom {}
  BoundFloorRoom.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: { type: DataTypes.INTEGER, allowNull: false },
      number: { type: DataTypes.INTEGER, allowNull: false },
      seat: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(64), allowNull: true },
      type: { type: DataTypes.STRING(20), allowNull: true },
      saveChat: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      locked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      password: { type: DataTypes.STRING(16), allowNull: true },
      lockedBy: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'floor_rooms', underscored: true },
  );
  return BoundFloorRoom;
}
