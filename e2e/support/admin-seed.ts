import type { SmtpSink } from '../../server/src/testing/smtp';
import type { TestServer } from '../../server/src/testing/test-server';
import { hashPassword } from '../../server/src/features/auth/password';
import { callApi } from './auth';

/** Where the admin UI keeps its session (web-admin/src/app/store.ts). */
export const ADMIN_SESSION_KEY = 'tsudoi:admin-session';
export const ADMIN_PASSWORD = 'operator-pass-19';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * The admin console's world (e2e/admin-console.e2e.ts): a platform admin, a team owner with five members and
 * 24 other users, a public floor with an invited guest, and twelve enter/leave records.
 */
export async function seedAdminWorld(server: TestServer, smtp: SmtpSink) {
  await server.models.User.create({
    name: '運営 太郎',
    email: 'ops@tsudoi.example',
    passwordHash: await hashPassword(ADMIN_PASSWORD),
    verifiedAt: new Date(),
    type: 'admin',
  });
  const login = await callApi(server, 'POST', '/auth/login/admin', {
    email: 'ops@tsudoi.example',
    password: ADMIN_PASSWORD,
  });
  const adminToken = login.json.token as Tokens;
  // a team owner with members, a floor with a guest invited, and some enter/leave history
  const owner = await server.models.User.create({
    name: '山田 花子',
    email: 'hanako@yamada.example',
    passwordHash: await hashPassword(ADMIN_PASSWORD),
    verifiedAt: new Date(),
  });
  const ownerLogin = await callApi(server, 'POST', '/auth/login', { email: owner.email, password: ADMIN_PASSWORD });
  const userToken = ownerLogin.json.token as Tokens;
  const team = await callApi(server, 'POST', '/company', { name: '山田商事株式会社' }, userToken.accessToken);
  const teamId = (team.json.data as { id: number }).id;
  const names = ['佐藤 健', '鈴木 一郎', '高橋 美咲', 'Emily Clark', '田中 陽介'];
  const memberIds: number[] = [];
  for (const [i, name] of names.entries()) {
    const u = await server.models.User.create({
      name,
      email: `member${i}@yamada.example`,
      passwordHash: null,
      verifiedAt: new Date(),
      employmentCompanyId: teamId,
      employeeRole: 'EMPLOYEE',
    });
    memberIds.push(u.id);
  }
  const memberId = memberIds[0]!;
  for (let i = 0; i < 24; i++) {
    await server.models.User.create({
      name: `利用者 ${i + 1}`,
      email: `user${String(i).padStart(2, '0')}@example.com`,
      passwordHash: null,
      verifiedAt: i % 3 ? new Date() : null,
      createdAt: new Date(Date.now() - (i % 12) * 86_400_000),
    } as never);
  }
  const floor = await callApi(
    server,
    'POST',
    '/floors',
    {
      title: '全社朝会フロア',
      catchcopy: '毎朝9時',
      catchphrase: 'おはようございます',
      description: '全社員が集まるフロアです。',
      type: 2,
      privacy: 'public',
      floorPlanId: 'office-24',
    },
    userToken.accessToken,
  );
  const floorId = (floor.json.data as { id: number }).id;
  await callApi(
    server,
    'POST',
    '/participant/register',
    { floorId, participants: [{ email: 'guest@partner.example', name: 'ゲスト 次郎' }] },
    userToken.accessToken,
  );
  await smtp.next('guest@partner.example'); // the first invitation; the resent one is checked below
  // two flags, so the console's detail page has permissions to show in words
  await server.models.FloorParticipant.update(
    { permissionSpeech: true, permissionRecording: true },
    { where: { floorId, email: 'guest@partner.example' } },
  );
  for (let i = 0; i < 12; i++) {
    await server.models.ParticipantLog.create({
      companyId: teamId,
      floorId,
      userId: i % 2 ? owner.id : memberId,
      type: i % 2 ? 'leave' : 'enter',
      roomId: null,
      at: new Date(Date.now() - i * 1_800_000),
    });
  }
  return { adminToken, userToken, teamId, floorId, memberId };
}
