import type { Models } from '../../../../db/models';
import type { LiveFloors } from './live-floors';

/**
 * Where people are, for the features that read places without being part
 * of the live floor (chat membership, media and room checks): from the
 * in-memory floors when the engine runs for that database (their rows may
 * be up to one write-behind window behind), from floor_users otherwise.
 * Keyed by the models of one database, as every server instance has its own.
 */
const engines = new WeakMap<Models, LiveFloors>();

export function registerPlaces(models: Models, engine: LiveFloors): void {
  engines.set(models, engine);
}

/** The room of a user on a floor, or null. */
export async function roomOfUser(models: Models, floorId: number, userId: number): Promise<number | null> {
  const engine = engines.get(models);
  if (engine) return (await engine.placeOf(floorId, userId))?.roomId ?? null;
  const row = await models.FloorUser.findOne({ where: { floorId, userId }, attributes: ['roomId'] });
  return row?.roomId ?? null;
}

/** The users in a room. */
export async function usersInRoom(models: Models, roomId: number): Promise<number[]> {
  const engine = engines.get(models);
  if (engine) return engine.usersInRoom(roomId);
  return (await models.FloorUser.findAll({ where: { roomId }, attributes: ['userId'] })).map((r) => r.userId);
}

export async function isInRoom(models: Models, userId: number, roomId: number): Promise<boolean> {
  const engine = engines.get(models);
  if (engine) return engine.isInRoom(userId, roomId);
  return (await models.FloorUser.count({ where: { userId, roomId } })) > 0;
}
