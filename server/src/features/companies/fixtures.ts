import fs from 'node:fs';
import path from 'node:path';
import { companySchema, sessionSchema, type CompanyDto } from '@tsudoi/common';
import type { TestServer } from '../../testing/test-server';
import { call, type CallOptions } from '../../testing/http';
import { hashPassword } from '../auth/password';
import type { User } from '../users';

/** Test helpers shared by the team, invitation, profile and admin specs. */

export interface Actor {
  user: User;
  headers: { Authorization: string };
}

/** A user row with a session (verified unless told otherwise); sign-up itself is tested by the auth feature. */
export async function actor(server: TestServer, email: string, extra: Partial<User> = {}): Promise<Actor> {
  const user = await server.models.User.create({
    name: email.split('@')[0]!,
    email,
    passwordHash: null,
    verifiedAt: new Date(),
    ...extra,
  } as User);
  const token = await server.features.tokens.issue(user);
  return { user, headers: { Authorization: `Bearer ${token.accessToken}` } };
}

/** A platform admin 'Root' (root@platform.example), signed in through the admin login. */
export async function platformAdmin(server: TestServer, password: string): Promise<Actor> {
  const email = 'root@platform.example';
  await server.models.User.create({
    name: 'Root',
    email,
    passwordHash: await hashPassword(password),
    verifiedAt: new Date(),
    type: 'admin',
  } as User);
  const session = sessionSchema.parse((await api(server, '/api/auth/login/admin', { body: { email, password } })).json);
  return {
    user: (await server.models.User.findByPk(session.user.id))!,
    headers: { Authorization: `Bearer ${session.token.accessToken}` },
  };
}

export const api = (server: TestServer, path: string, options: CallOptions = {}) => call(server.url, path, options);
export const as = (who: Actor, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { ...who.headers, ...options.headers },
});

/** Registers a team over HTTP; the actor becomes its OWNER. */
export async function registerTeam(server: TestServer, owner: Actor, name: string): Promise<CompanyDto> {
  const res = await api(server, '/api/company', as(owner, { body: { name } }));
  if (res.status !== 201) throw new Error(`team registration failed: ${res.text}`);
  await owner.user.reload();
  return companySchema.parse(res.json.data);
}

export interface UploadFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/** PUT of a multipart form with one file (or none), as a browser sends it. */
export async function upload(server: TestServer, path: string, who: Actor, file: UploadFile | null, field = 'file') {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${server.url}${path}`, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'x-api-key': server.apiKey, 'Accept-Language': 'en', ...who.headers },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, never> & ErrorJson };
}
type ErrorJson = { error?: { code: string; message: string; fields?: Record<string, string> } };

/** Every row a refused call must leave alone, and the stored uploads. */
export async function dbState(server: TestServer) {
  const all = { paranoid: false, order: [['id', 'ASC']] as [string, string][], raw: true };
  const uploads = path.join(server.config.dataDir, 'uploads');
  return {
    users: await server.models.User.findAll(all),
    companies: await server.models.Company.findAll(all),
    invitations: await server.models.EmployeeInvitation.findAll({ ...all, paranoid: undefined }),
    uploads: fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : [],
  };
}
