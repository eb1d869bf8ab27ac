import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

export type InvitationStatus = 'pending' | 'accepted';

export class EmployeeInvitation extends Model<
  InferAttributes<EmployeeInvitation>,
  InferCreationAttributes<EmployeeInvitation>
> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare email: string;
  declare invitedBy: number;
  declare status: CreationOptional<InvitationStatus>;
  declare expiresAt: Date;
  declare acceptedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function defineEmployeeInvitation(sequelize: Sequelize): ModelStatic<EmployeeInvitation> {
  class BoundInvitation extends EmployeeInvitation {}
  BoundInvitation.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: { type: DataTypes.INTEGER, allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      invitedBy: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'pending' },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      acceptedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'employee_invitations', underscored: true },
  );
  return BoundInvitation;
}
