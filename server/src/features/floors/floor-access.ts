import { Op, Transaction } from 'sequelize';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { User } from '../users/user.model';
import type { Floor } from './floor.model';
import type { FloorParticipant } from './participant.model';
import { GUEST_ACCOUNT } from './guests/guest-link';

export interface FloorAccess {
  floor: Floor;
  /** The caller's participant row, when invited (or HOST). */
  me: FloorParticipant | null;
  /** Host or subhost: may edit, duplicate and delete the floor and manage its rooms and participants. */
  canManage: boolean;
}

/**
 * Whether an account has proved it owns its e-mail address: a user who
 * confirmed it. Only such an account is matched to invitations by address;
 * an account-less guest (type 'guest') has a placeholder address and is
 * matched by its own rows only.
 */
export const ownsEmail = (user: Pick<User, 'type' | 'verifiedAt'>) =>
  user.type !== GUEST_ACCOUNT && user.verifiedAt != null;

/**
 * The one access rule of floors, their chats and their media (REST, socket
 * and chat alike): a user account whose address is not confirmed reaches no
 * floor (EMAIL_NOT_VERIFIED, the REST guards' answer), whatever invitation
 * carries that address. Account-less guests are held to their own rows.
 */
export function assertMayUseFloors(user: Pick<User, 'type' | 'verifiedAt'>): void {
  if (user.type !== GUEST_ACCOUNT && user.verifiedAt == null) throw new AppError('EMAIL_NOT_VERIFIED');
}

/**
 * A participant row is the caller's by account or, before it was linked, by
 * e-mail — by e-mail only for an account that confirmed that address (anyone
 * can sign up with an invitee's address; only the invitee can confirm it).
 */
export const mine = (user: User) =>
  ownsEmail(user) ? { [Op.or]: [{ userId: user.id }, { email: user.email }] } : { userId: user.id };

/** Host or subhost; an account-less guest never manages a floor, whatever their flags. */
export const managesFloor = (user: User, floor: Floor, me: FloorParticipant | null) =>
  user.type !== GUEST_ACCOUNT && (floor.hostId === user.id || me?.type === 'HOST' || me?.permissionSubhost === true);

/**
 * A floor the caller may see (a confirmed account, see assertMayUseFloors):
 * one of their team's floors, or one they are invited to. Any other floor, existing or not, is FLOOR_NOT_FOUND (404), so
 * ids of other teams reveal nothing.
 */
export async function viewFloor(
  models: Models,
  user: User,
  floorId: number,
  transaction?: Transaction,
): Promise<FloorAccess> {
  assertMayUseFloors(user);
  const floor = await models.Floor.findByPk(floorId, { transaction });
  if (!floor) throw new AppError('FLOOR_NOT_FOUND');
  const me = await models.FloorParticipant.findOne({ where: { floorId, ...mine(user) }, transaction });
  // A guest user (type 'guest', no team) reaches only the floor whose participant row is theirs.
  if (!me && floor.companyId !== user.employmentCompanyId) throw new AppError('FLOOR_NOT_FOUND');
  return { floor, me, canManage: managesFloor(user, floor, me) };
}

/** A floor the caller may manage; one they may only see is 403 FORBIDDEN. */
export async function manageFloor(
  models: Models,
  user: User,
  floorId: number,
  transaction?: Transaction,
): Promise<FloorAccess> {
  const access = await viewFloor(models, user, floorId, transaction);
  if (!access.canManage) throw new AppError('FORBIDDEN');
  return access;
}

/** Runs a floor check for a room or participant: their floor being out of reach reads as `notFound`. */
export async function through<T>(check: () => Promise<T>, notFound: 'ROOM_NOT_FOUND' | 'PARTICIPANT_NOT_FOUND') {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'FLOOR_NOT_FOUND') throw new AppError(notFound);
    throw error;
  }
}

/**
 * A transaction that reads and then writes. SQLite takes the write lock at
 * BEGIN (IMMEDIATE), so two such transactions queue instead of deadlocking
 * on the lock upgrade; MariaDB ignores the type.
 */
export function immediate<T>(models: Models, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  return models.Floor.sequelize!.transaction({ type: Transaction.TYPES.IMMEDIATE }, work);
}
