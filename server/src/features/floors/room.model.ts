import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/** One of the 24 rooms of a floor; its name, type and area come from its number (ROOMS). */
export class FloorRoom extends Model<InferAttributes<FloorRoom>, InferCreationAttributes<FloorRoom>> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare number: number;
  declare seat: number;
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
