import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/** One admin action (migration 0012): who, what, when, before and after. */
export class AdminAudit extends Model<InferAttributes<AdminAudit>, InferCreationAttributes<AdminAudit>> {
  declare id: CreationOptional<number>;
  declare adminId: number;
  declare adminEmail: string;
  declare action: string;
  declare targetType: string;
  declare targetId: number | null;
  declare beforeJson: string | null;
  declare afterJson: string | null;
  declare at: Date;
  /** Who acted: a platform admin, a floor's host (or subhost), a team's manager (migration 0027). */
  declare actorKind: CreationOptional<AuditActorKind>;
  /** The team the action concerns (host and manager actions). */
  declare companyId: CreationOptional<number | null>;
}

export type AuditActorKind = 'admin' | 'host' | 'manager';

export function defineAdminAudit(sequelize: Sequelize): ModelStatic<AdminAudit> {
  class BoundAdminAudit extends AdminAudit {}
  BoundAdminAudit.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      adminId: { type: DataTypes.INTEGER, allowNull: false },
      adminEmail: { type: DataTypes.STRING(254), allowNull: false },
      action: { type: DataTypes.STRING(48), allowNull: false },
      targetType: { type: DataTypes.STRING(32), allowNull: false },
      targetId: { type: DataTypes.INTEGER, allowNull: true },
      beforeJson: { type: DataTypes.TEXT, allowNull: true },
      afterJson: { type: DataTypes.TEXT, allowNull: true },
      at: { type: DataTypes.DATE, allowNull: false },
      actorKind: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'admin' },
      companyId: { type: DataTypes.INTEGER, allowNull: true },
    },
    { sequelize, tableName: 'admin_audit_logs', underscored: true, timestamps: false },
  );
  return BoundAdminAudit;
}
