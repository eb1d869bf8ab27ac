import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';
import type { Plan, SubscriptionStatus } from '@tsudoi/common';

export class Company extends Model<InferAttributes<Company>, InferCreationAttributes<Company>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare logoImageUrl: CreationOptional<string | null>;
  declare plan: CreationOptional<Plan>;
  declare maxEmployee: CreationOptional<number>;
  declare ownerId: number | null;
  /** Billing (features/billing): the trial, the provider's customer and subscription. */
  declare trialEndsAt: CreationOptional<Date | null>;
  declare trialNoticeSentAt: CreationOptional<Date | null>;
  declare billingCustomerId: CreationOptional<string | null>;
  declare billingSubscriptionId: CreationOptional<string | null>;
  declare subscriptionStatus: CreationOptional<SubscriptionStatus | null>;
  declare currentPeriodEnd: CreationOptional<Date | null>;
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
      trialEndsAt: { type: DataTypes.DATE, allowNull: true },
      trialNoticeSentAt: { type: DataTypes.DATE, allowNull: true },
      billingCustomerId: { type: DataTypes.STRING(64), allowNull: true },
      billingSubscriptionId: { type: DataTypes.STRING(64), allowNull: true },
      subscriptionStatus: { type: DataTypes.STRING(16), allowNull: true },
      currentPeriodEnd: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
      deletedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'companies', underscored: true, paranoid: true },
  );
  return BoundCompany;
}
