import crypto from 'node:crypto';
import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import type { Migration } from '../migration';

const token = () => crypto.randomBytes(32).toString('base64url');

/** Gives every existing row of `table` its own random token in `column`. */
async function backfill(qi: QueryInterface, table: string, column: string) {
  const rows = await qi.sequelize.query<{ id: number }>(`SELECT id FROM ${table}`, { type: QueryTypes.SELECT });
  for (const row of rows) await qi.bulkUpdate(table, { [column]: token() }, { id: row.id });
}

/**
 * Account-less guests (spec §2 app_id, §6 guest user): the floor's invite-link
 * token (public floors admit any holder of it) and each participant's own
 * link token (the app_id of an invited guest). Both are random, unguessable
 * and unique; guests themselves are users of type 'guest' (no new table).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('floors', 'invite_token', { type: DataTypes.STRING(43), allowNull: true });
  await qi.addColumn('floor_participants', 'public_token', { type: DataTypes.STRING(43), allowNull: true });
  await backfill(qi, 'floors', 'invite_token');
  await backfill(qi, 'floor_participants', 'public_token');
  await qi.addIndex('floors', ['invite_token'], { unique: true });
  await qi.addIndex('floor_participants', ['public_token'], { unique: true });
};

/**
 * Sequelize's removeColumn on SQLite copies the table into a new one, which
 * the foreign keys refuse and which loses its indexes; SQLite (3.35+) drops
 * a column in place.
 */
async function dropColumn(qi: QueryInterface, table: string, column: string) {
  if (qi.sequelize.getDialect() === 'sqlite') await qi.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  else await qi.removeColumn(table, column);
}

export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('floor_participants', ['public_token']);
  await qi.removeIndex('floors', ['invite_token']);
  await dropColumn(qi, 'floor_participants', 'public_token');
  await dropColumn(qi, 'floors', 'invite_token');
};
