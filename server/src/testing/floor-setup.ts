import crypto from 'node:crypto';
import { REFRESH_TOKEN_TTL_S } from '@tsudoi/common';
import { createSequelize } from '../db';
import { defineModels } from '../db/models';
import { TokenService } from '../features/auth/tokens.service';
import { createLogger } from '../lib/logger';
import { API_KEY, JWT_SECRET } from './server-process';

export interface Member {
  userId: number;
  token: string;
}
export interface FloorSetup {
  floorId: number;
  /** The floor's guest invite link app_id (a public floor's, answered to its host). */
  inviteToken: string | undefined;
  members: Member[];
}

async function api(url: string, token: string, pathname: string, body: unknown) {
  const res = await fetch(`${url}/api${pathname}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'x-api-key': API_KEY,
      'Accept-Language': 'en',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: { id: number; inviteToken?: string } };
  if (res.status !== 201 || !json.data) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Accounts and sessions written through the models, teams and floors made over
 * REST: `floors` teams, each with one permanent floor and `users` members.
 */
export async function setupFloors(
  serverUrl: string,
  databaseUrl: string,
  floorCount: number,
  users: number,
  /** Every room gets its table chat with one message in it (people then join and leave it on every move). */
  roomChats = false,
): Promise<FloorSetup[]> {
  const sequelize = createSequelize(databaseUrl, createLogger('silent'));
  const models = defineModels(sequelize);
  const tokens = new TokenService(models, JWT_SECRET);
  try {
    const floors: FloorSetup[] = [];
    for (let f = 0; f < floorCount; f++) {
      const owner = await models.User.create({
        name: `owner${f}`,
        email: `owner${f}@bench.example`,
        passwordHash: null,
        verifiedAt: new Date(),
      } as never);
      const ownerToken = (await tokens.issue(owner)).accessToken;
      const team = await api(serverUrl, ownerToken, '/company', { name: `Bench team ${f}` });
      const floor = await api(serverUrl, ownerToken, '/floors', {
        title: `Bench floor ${f}`,
        catchcopy: 'Benchmark',
        catchphrase: 'Fan-out',
        description: 'Live floor fan-out benchmark.',
        type: 2,
        privacy: 'public',
        floorPlanId: 'office-24',
      });
      const employees = await models.User.bulkCreate(
        Array.from({ length: users - 1 }, (_, i) => ({
          name: `user${f}-${i}`,
          email: `user${f}-${i}@bench.example`,
          passwordHash: null,
          verifiedAt: new Date(),
          employmentCompanyId: team.id,
          employeeRole: 'EMPLOYEE',
        })) as never[],
      );
      // one sign-in per user (a refresh-token family), as tokens.issue makes, written in one statement
      const families = employees.map(() => crypto.randomUUID());
      await models.RefreshToken.bulkCreate(
        employees.map((user, i) => ({
          userId: user.id,
          tokenHash: crypto.randomBytes(32).toString('hex'),
          family: families[i]!,
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
        })) as never[],
      );
      if (roomChats) {
        const rooms = await models.FloorRoom.findAll({ where: { floorId: floor.id } });
        const made = await models.ChatConversation.bulkCreate(
          rooms.map((r) => ({
            key: `room:${r.id}`,
            kind: 1,
            scope: 'room',
            floorId: floor.id,
            typeId: r.id,
          })) as never[],
        );
        await models.ChatMessage.bulkCreate(
          made.map((c) => ({
            conversationId: c.id,
            userId: owner.id,
            type: 'text',
            content: 'Welcome to this table',
            stamp: Date.now(),
          })) as never[],
        );
      }
      floors.push({
        floorId: floor.id,
        inviteToken: floor.inviteToken,
        members: [
          { userId: owner.id, token: ownerToken },
          ...employees.map((user, i) => ({ userId: user.id, token: tokens.signAccess(user, families[i]!) })),
        ],
      });
    }
    return floors;
  } finally {
    await sequelize.close();
  }
}
