import type { Models } from '../../../../db/models';
import type { LiveFloors } from './live-floors';

/**
 * Where people are, for the features that read places without being part
 * of the live floor (chat membership, media and room checks): from the live
 * floors of this server (memory, or the owner process; their rows may be up
 * to one write-behind window behind). Keyed by the models of one database,
 * as every server instance has its own.
 */
const engines = new WeakMap<Models, LiveFloors>();

export function registerPlaces(models: Models, engine: LiveFloors): void {
  engines.set(models, engine);
}

function engineOf(models: Models): LiveFloors {
  const engine = engines.get(models);
  if (!engine) throw new Error('places read before the live floor started for this database');
  return engine;
}

/** The room of a user on a floor, or null. */
export async function roomOfUser(models: Models, floorId: number, userId: number): Promise<number | null> {
  return (await engineOf(models).placeOf(floorId, userId))?.roomId ?? null;
}

/** The users in a room. */
export const usersInRoom = async (models: Models, roomId: number): Promise<number[]> =>
  engineOf(models).usersInRoom(roomId);

export const isInRoom = async (models: Models, userId: number, roomId: number): Promise<boolean> =>
  engineOf(models).isInRoom(userId, roomId);
