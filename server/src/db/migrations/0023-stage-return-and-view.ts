import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * The stage (issue 15, what was still missing):
 * - `stage_members.return_room_id`: the room a member came from; the server
 *   sends someone the host takes out of the presentation back there (the
 *   entrance when unknown), as the client does on a leave.
 * - `stage_presentations.focused_user_id` / `focused_source`: the speaker and
 *   source ('camera' or 'screen') the host shows large for everyone (spec §3
 *   presentationFocusedContributorId); null: each client picks.
 * - `stage_presentations.show_participants`: the host opens the participant
 *   list for everyone (spec §3 showParticipantDialogInPresentation).
 */
export const up: Migration = async ({ context: qi }) => {
  await qi.addColumn('stage_members', 'return_room_id', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('stage_presentations', 'focused_user_id', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('stage_presentations', 'focused_source', { type: DataTypes.STRING(6), allowNull: true });
  await qi.addColumn('stage_presentations', 'show_participants', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
};

export const down: Migration = async ({ context: qi }) => {
  await qi.removeColumn('stage_presentations', 'show_participants');
  await qi.removeColumn('stage_presentations', 'focused_source');
  await qi.removeColumn('stage_presentations', 'focused_user_id');
  await qi.removeColumn('stage_members', 'return_room_id');
};
