import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { AccountType, EmployeeRole, Locale, UserStatus } from '@tsudoi/common';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare email: string;
  declare passwordHash: string | null;
  declare type: CreationOptional<AccountType>;
  declare status: CreationOptional<UserStatus>;
  declare verifiedAt: Date | null;
  declare avatarImageUrl: CreationOptional<string | null>;
  declare companyId: CreationOptional<number | null>;
  declare employmentCompanyId: CreationOptional<number | null>;
  declare employeeRole: CreationOptional<EmployeeRole | null>;
  declare country: CreationOptional<string | null>;
  declare locale: CreationOptional<Locale>;
  declare referralCode: CreationOptional<string | null>;
  declare googleId: CreationOptional<string | null>;
  declare facebookId: CreationOptional<string | null>;
  /** The spec's skipHostGuide: the in-floor tutorial was skipped or finished. */
  declare skipHostGuide: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare deletedAt: CreationOptional<Date | null>;
}

/** Binds a User model to one database (several servers may run in one test process). */
export function defineUser(sequelize: Sequelize): ModelStatic<User> {
  class BoundUser extends User {}
  BoundUser.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING(255), allowNull: true },
      type: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'user' },
      status: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'active' },
      verifiedAt: { type: DataTypes.DATE, allowNull: true },
      avatarImageUrl: { type: DataTypes.STRING(255), allowNull: true },
      companyId: { type: DataTypes.INTEGER, allowNull: true },
      employmentCompanyId: { type: DataTypes.INTEGER, allowNull: true },
      employeeRole: { type: DataTypes.STRING(16), allowNull: true },
      country: { type: DataTypes.STRING(2), allowNull: true },
      locale: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'ja' },
      referralCode: { type: DataTypes.STRING(32), allowNull: true },
      googleId: { type: DataTypes.STRING(128), allowNull: true },
      facebookId: { type: DataTypes.STRING(128), allowNull: true },
      skipHostGuide: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
      deletedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'users', underscored: true, paranoid: true },
  );
  return BoundUser;
}
