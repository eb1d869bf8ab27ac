import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * The stage's waiting room (issue 15, part 2): on a presentation's member,
 * `requested` is the role they asked for and wait to be admitted to
 * ('S' an audience member asking to speak; 'A' or 'S' someone waiting
 * outside a private presentation, role W) and `called` that the host
 * called them to join as speaker. A presentation's `kind`: 'P' a
 * presentation, 'C' a conference (the all-hands mode, same stage and rules).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('stage_members', 'requested', { type: DataTypes.STRING(1), allowNull: true });
  await qi.addColumn('stage_members', 'called', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await qi.addColumn('stage_presentations', 'kind', { type: DataTypes.STRING(1), allowNull: false, defaultValue: 'P' });
};

export const down: Migration = async ({ context: qi }) => {
  await qi.removeColumn('stage_presentations', 'kind');
  await qi.removeColumn('stage_members', 'called');
  await qi.removeColumn('stage_members', 'requested');
};
