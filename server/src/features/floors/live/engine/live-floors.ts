import type { ErrorCode } from '@tsudoi/common';
import type { Command, Person } from './floor-state';
import type { LogEntry } from './write-behind';

/** What a command answers (the state itself stays with the floor's owner). */
export interface Applied {
  error?: ErrorCode | undefined;
  person?: Person | undefined;
  changed: boolean;
}

/**
 * The live floors as the rest of the server uses them: FloorEngine when the
 * process is alone (it owns every floor), ClusterFloors with several
 * processes (each floor's operations run on the process holding its Redis
 * lease, forwarded there from the others).
 */
export interface LiveFloors {
  apply(floorId: number, command: Command): Promise<Applied>;
  placeOf(floorId: number, userId: number): Promise<Person | null>;
  people(floorId: number): Promise<Person[]>;
  census(floorId: number, userId: number): Promise<{ placed: boolean; size: number }>;
  usersInRoom(roomId: number): Promise<number[]>;
  isInRoom(userId: number, roomId: number): Promise<boolean>;
  log(floorId: number, entry: LogEntry): Promise<void>;
  flush(floorId: number): Promise<void>;
  unload(floorId: number): Promise<void>;
  flushAll(): Promise<void>;
  close(): Promise<void>;
  stats(): { floors: number; waiting: number };
}
