import crypto from 'node:crypto';
import { REFRESH_TOKEN_TTL_S } from '@tsudoi/common';
import { createSequelize } from '../../server/src/db';
import { defineModels } from '../../server/src/db/models';
import { TokenService } from '../../server/src/features/auth/tokens.service';
import { createLogger } from '../../server/src/lib/logger';
import { API_KEY, JWT_SECRET } from './server-process';

export interface Member {
  userId: number;
  token: string;
}
export interface FloorSetup {
  floorId: number;
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
  const json = (await res.json()) as { data?: { id: number } };
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
      floors.push({
        floorId: floor.id,
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
