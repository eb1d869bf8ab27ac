import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { Plan } from '@tsudoi/common';

export class Company extends Model<InferAttributes<Company>, InferCreationAttributes<Company>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare logoImageUrl: CreationOptional<string | null>;
  declare plan: CreationOptional<Plan>;
  declare maxEmployee: CreationOptional<number>;
  declare ownerId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare deletedAt: CreationOptional<Date | null>;
}

export function defineCompany(sequelize: Sequelize): ModelStatic<Company> {
  class BoundCompany extends Company {}
  BoundCompany.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      logoImageUrl: { type: DataTypes.STRING(255), allowNull: true },
      plan: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'starter' },
      maxEmployee: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
      ownerId: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
      deletedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'companies', underscored: true, paranoid: true },
  );
  return BoundCompany;
}
