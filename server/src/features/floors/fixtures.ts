import { expect } from 'chai';
import { floorSchema, mutationSchema, type FloorCreateBody } from '@tsudoi/common';
import type { TestServer } from '../../testing/test-server';
import type { CallOptions } from '../../testing/http';
import { actor, api, as, dbState, registerTeam, type Actor } from '../companies/fixtures';

/** Test helpers of the floor specs: the calls of §7.3–§7.5 as the floor UI makes them (English answers). */

/** A floor with time on 1 December 2026, 10:00–12:00 Japan time, on the office plan. */
export const floorBody = (overrides: Partial<Record<keyof FloorCreateBody, unknown>> = {}) => ({
  title: 'All hands',
  catchcopy: 'Quarterly results',
  catchphrase: 'Everyone together',
  description: 'The whole company, one floor.',
  type: 1,
  privacy: 'public',
  startAt: '2026-12-01T10:00',
  endAt: '2026-12-01T12:00',
  floorPlanId: 'office-24',
  ...overrides,
});

export function floorCalls(server: () => TestServer) {
  const call = (who: Actor | null, path: string, options: CallOptions = {}) =>
    api(server(), `/api${path}`, who ? as(who, { lang: 'en', ...options }) : { lang: 'en', ...options });
  return {
    call,
    create: (who: Actor, body: unknown) => call(who, '/floors', { body }),
    get: (who: Actor, id: number) => call(who, `/floors/${id}`),
    update: (who: Actor, id: number, body: unknown) => call(who, `/floors/${id}`, { method: 'PATCH', body }),
    remove: (who: Actor, id: number) => call(who, `/floors/${id}`, { method: 'DELETE' }),
    duplicate: (who: Actor, body: unknown) => call(who, '/floors/duplicate', { body }),
    rooms: (who: Actor, floorId: number) => call(who, `/floors/${floorId}/rooms`),
    room: (who: Actor, id: number) => call(who, `/floor-room/${id}`),
    editRoom: (who: Actor, id: number, body: unknown) => call(who, `/floor-room/${id}`, { method: 'PATCH', body }),
    lock: (who: Actor, id: number, locked: unknown) => call(who, `/floor-room/${id}/lock`, { body: { locked } }),
    register: (who: Actor, floorId: unknown, participants: unknown, lang = 'en') =>
      call(who, '/participant/register', { body: { floorId, participants }, lang }),
    participants: (who: Actor, floorId: number, query = '') => call(who, `/floors/${floorId}/participants${query}`),
    participant: (who: Actor, id: number) => call(who, `/participant/${id}`),
    permit: (who: Actor, id: number, permissions: unknown) =>
      call(who, `/participant/${id}`, { method: 'PATCH', body: { permissions } }),
    dismiss: (who: Actor, id: number) => call(who, `/participant/${id}`, { method: 'DELETE' }),
    employees: (who: Actor, query = '') => call(who, `/participant/employees${query}`),
    /**
     * Invites `member` to the floor with the meeting-room and guest-lounge
     * flags (the outsider policy: who books a room and brings its guest).
     */
    async permitRooms(host: Actor, floorId: number, member: Actor) {
      const res = await call(host, '/participant/register', {
        body: {
          floorId,
          participants: [{ email: member.user.email, permissions: { meetingRoom: true, receptionRoom: true } }],
        },
      });
      expect(res.status, res.text).to.equal(201);
    },
    /** Creates a floor and answers it, checked against the schema. */
    async floor(who: Actor, overrides: Parameters<typeof floorBody>[0] = {}) {
      const res = await call(who, '/floors', { body: floorBody(overrides) });
      expect(res.status, res.text).to.equal(201);
      return mutationSchema(floorSchema).parse(res.json).data;
    },
  };
}

/** Two teams: A (owner, admin, member) and B (owner, member). */
export async function twoTeams(server: TestServer) {
  const ownerA = await actor(server, 'owner@a.example');
  const teamA = await registerTeam(server, ownerA, 'Team A');
  const adminA = await actor(server, 'admin@a.example', { employmentCompanyId: teamA.id, employeeRole: 'ADMIN' });
  const memberA = await actor(server, 'member@a.example', { employmentCompanyId: teamA.id, employeeRole: 'EMPLOYEE' });
  const ownerB = await actor(server, 'owner@b.example');
  const teamB = await registerTeam(server, ownerB, 'Team B');
  const memberB = await actor(server, 'member@b.example', { employmentCompanyId: teamB.id, employeeRole: 'EMPLOYEE' });
  return { ownerA, teamA, adminA, memberA, ownerB, teamB, memberB };
}

/** Every row a refused call must leave alone: the team tables and the floor tables. */
export async function floorState(server: TestServer) {
  const all = { order: [['id', 'ASC']] as [string, string][], raw: true };
  return {
    ...(await dbState(server)),
    floors: await server.models.Floor.findAll({ ...all, paranoid: false }),
    rooms: await server.models.FloorRoom.findAll(all),
    participants: await server.models.FloorParticipant.findAll(all),
  };
}

export const errorOf = (res: { status: number; json: { error?: { code: string } } }) => [
  res.status,
  res.json.error?.code,
];
