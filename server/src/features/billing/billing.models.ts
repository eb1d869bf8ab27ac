import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { InquiryStatus } from '@tsudoi/common';

/** A payment provider event already applied (its id is the provider's): a redelivery is skipped. */
export class BillingEvent extends Model<InferAttributes<BillingEvent>, InferCreationAttributes<BillingEvent>> {
  declare id: string;
  declare type: string;
  declare companyId: number | null;
  declare createdAt: CreationOptional<Date>;
}

/** An inquiry sent with the public contact form (stored, and mailed to the operator). */
export class ContactInquiry extends Model<InferAttributes<ContactInquiry>, InferCreationAttributes<ContactInquiry>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare company: string;
  declare email: string;
  declare phone: string;
  declare inquiry: string;
  declare locale: string;
  declare mailedAt: CreationOptional<Date | null>;
  /** Where the operators are with it (migration 0029): new, answered, closed. */
  declare status: CreationOptional<InquiryStatus>;
  declare handledBy: CreationOptional<number | null>;
  declare handledAt: CreationOptional<Date | null>;
  /** When its sender was sent the acknowledgement. */
  declare acknowledgedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

export function defineBillingModels(sequelize: Sequelize) {
  class BoundBillingEvent extends BillingEvent {}
  BoundBillingEvent.init(
    {
      id: { type: DataTypes.STRING(64), primaryKey: true },
      type: { type: DataTypes.STRING(64), allowNull: false },
      companyId: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'billing_events', underscored: true, updatedAt: false },
  );
  class BoundContactInquiry extends ContactInquiry {}
  BoundContactInquiry.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      company: { type: DataTypes.STRING(100), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      phone: { type: DataTypes.STRING(30), allowNull: false, defaultValue: '' },
      inquiry: { type: DataTypes.TEXT, allowNull: false },
      locale: { type: DataTypes.STRING(2), allowNull: false },
      mailedAt: { type: DataTypes.DATE, allowNull: true },
      status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'new' },
      handledBy: { type: DataTypes.INTEGER, allowNull: true },
      handledAt: { type: DataTypes.DATE, allowNull: true },
      acknowledgedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'contact_inquiries', underscored: true, updatedAt: false },
  );
  return { BillingEvent: BoundBillingEvent, ContactInquiry: BoundContactInquiry };
}
