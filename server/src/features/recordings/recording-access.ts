import { Op, type WhereOptions } from 'sequelize';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { viewFloor, type FloorAccess } from '../floors/floor-access';
import type { User } from '../users/user.model';
import type { Recording } from './recording.model';

/**
 * Who may watch a recording (issue 25 §2; docs/decisions): a cloud recording
 * belongs to the people of the meeting, as in mature products — not to
 * everyone who can see the floor. Its starter, the floor's host and subhosts,
 * the people who were in the recorded room while it ran, and whoever the
 * starter or a host shared it with. Anyone else, another company included,
 * gets RECORDING_NOT_FOUND (a recording's existence is not told).
 * Deleting, sharing and regenerating the transcript or minutes: the starter
 * and the hosts.
 */
export interface RecordingAccess {
  row: Recording;
  floor: FloorAccess;
  /** The starter or a host or subhost of the floor. */
  owns: boolean;
}

const notFound = () => new AppError('RECORDING_NOT_FOUND');

export async function recordingAccess(models: Models, user: User, id: number): Promise<RecordingAccess> {
  const row = await models.Recording.findByPk(id);
  if (!row) throw notFound();
  const floor = await viewFloor(models, user, row.floorId).catch(() => {
    throw notFound();
  });
  const owns = floor.canManage || (row.startedBy !== null && row.startedBy === user.id);
  if (!owns && !(await models.RecordingViewer.count({ where: { recordingId: row.id, userId: user.id } })))
    throw notFound();
  return { row, floor, owns };
}

/** The starter or a host: may delete, share and regenerate. */
export async function ownedRecording(models: Models, user: User, id: number): Promise<RecordingAccess> {
  const access = await recordingAccess(models, user, id);
  if (!access.owns) throw new AppError('FORBIDDEN');
  return access;
}

/** The recordings of a floor a caller may see (all of them for its hosts). */
export async function visibleOnFloor(models: Models, user: User, floor: FloorAccess): Promise<WhereOptions<Recording>> {
  if (floor.canManage) return { floorId: floor.floor.id };
  const viewable = await models.RecordingViewer.findAll({ where: { userId: user.id }, attributes: ['recordingId'] });
  return {
    floorId: floor.floor.id,
    [Op.or]: [{ startedBy: user.id }, { id: viewable.map((v) => v.recordingId) }],
  };
}

/** People who were in the recorded room: they may watch it (kept once each; a shared entry stays as it is). */
export async function markPresent(models: Models, recordingId: number, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const known = new Set(
    (await models.RecordingViewer.findAll({ where: { recordingId, userId: ids }, attributes: ['userId'] })).map(
      (v) => v.userId,
    ),
  );
  const fresh = ids.filter((id) => !known.has(id));
  if (fresh.length)
    await models.RecordingViewer.bulkCreate(
      fresh.map((userId) => ({ recordingId, userId, reason: 'present' as const })),
      { ignoreDuplicates: true },
    );
}
