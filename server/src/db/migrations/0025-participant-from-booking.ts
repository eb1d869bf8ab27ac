import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * A guest's participant row made by a booking (issue 16): taking the guest off
 * their last booking, or deleting it, ends that row and its link. A row the
 * host made by inviting the person to the floor, which a booking then reused,
 * stays: the floor invitation is not the booking's to end. Rows that bookings
 * point at today are taken as the bookings' own (that was the rule until now).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('floor_participants', 'from_booking', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.sequelize.query(
    `UPDATE floor_participants SET from_booking = ${qi.sequelize.getDialect() === 'sqlite' ? 1 : 'TRUE'}
      WHERE type = 'GUEST' AND id IN (SELECT participant_id FROM appointments WHERE participant_id IS NOT NULL)`,
  );
};

/** SQLite drops the column in place (Sequelize's removeColumn copies the table, losing its indexes: see 0006). */
export const down: Migration = async ({ context: qi }) => {
  if (qi.sequelize.getDialect() === 'sqlite')
    await qi.sequelize.query('ALTER TABLE floor_participants DROP COLUMN from_booking');
  else await qi.removeColumn('floor_participants', 'from_booking');
};
