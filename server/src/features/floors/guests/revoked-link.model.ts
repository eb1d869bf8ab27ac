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
 * A guest's link whose visit was cancelled (migration 0032): kept so the link says what happened (which
 * visit, by whom) instead of "invalid". Written by the appointments feature when a cancellation takes the
 * booked guest off the floor.
 */
export class RevokedGuestLink extends Model<
  InferAttributes<RevokedGuestLink>,
  InferCreationAttributes<RevokedGuestLink>
> {
  declare id: CreationOptional<number>;
  declare floorId: number;
  declare publicToken: string;
  /** The visit's title and start, as the guest's invitation named them. */
  declare title: string;
  declare startAt: Date;
  /** Who cancelled it (their name then). */
  declare byName: string;
  declare createdAt: CreationOptional<Date>;
}

export function defineRevokedGuestLink(sequelize: Sequelize): ModelStatic<RevokedGuestLink> {
  class Bound extends RevokedGuestLink {}
  Bound.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      floorId: { type: DataTypes.INTEGER, allowNull: false },
      publicToken: { type: DataTypes.STRING(43), allowNull: false },
      title: { type: DataTypes.STRING(255), allowNull: false },
      startAt: { type: DataTypes.DATE, allowNull: false },
      byName: { type: DataTypes.STRING(100), allowNull: false },
      createdAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'revoked_guest_links', underscored: true, updatedAt: false },
  );
  return Bound;
}
