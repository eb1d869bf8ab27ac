import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

const COLUMNS = [
  // the guest's lobby: null (not arrived), knocking, admitted, rejected
  ['guest_status', { type: DataTypes.STRING(16), allowNull: true }],
  ['knocked_at', { type: DataTypes.DATE, allowNull: true }],
  // when the scheduler sent started / reminder / ended (once each; extend clears reminder and ended)
  ['started_notice_at', { type: DataTypes.DATE, allowNull: true }],
  ['reminder_notice_at', { type: DataTypes.DATE, allowNull: true }],
  ['ended_notice_at', { type: DataTypes.DATE, allowNull: true }],
] as const;

/**
 * Guest visits (issue 16 part A): the lobby state of an appointment's guest
 * and the appointment events already sent, so that a restart neither repeats
 * nor loses them.
 */
export const up: Migration = async ({ context: qi }) => {
  for (const [name, spec] of COLUMNS) await qi.addColumn('appointments', name, spec);
  await qi.addIndex('appointments', ['end_at']);
};

export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('appointments', ['end_at']);
  for (const [name] of [...COLUMNS].reverse()) await qi.removeColumn('appointments', name);
};
