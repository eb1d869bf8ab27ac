import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { callApi, DESKTOP, PHONE } from './support/auth';
import { ADMIN_SESSION_KEY, seedAdminWorld } from './support/admin-seed';
import { seriousViolations, type AxeViolation } from './support/axe';
import { createPermanentFloor, createTeam } from './support/floors';
import { liveJoined } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A page's serious and critical axe findings, each as "rule: where" (one line each, to read in a failure). */
/** Japanese at the desktop width, English at the phone's: both languages and both layouts, each page twice. */
const COMBINATIONS = [
  ['ja-JP', DESKTOP],
  ['en-US', PHONE],
] as const;

const findings = (violations: AxeViolation[]) => violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n}`));

describe('accessibility: every page of the floor UI has no serious or critical axe violation (ja at 1280 px, en at 390 px)', function () {
  this.timeout(600_000);
  const world = e2eWorld({ shots: SHOTS });

  it('the signed-out pages and every signed-in page of a team owner', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'axe', true);
    const floorId = await createPermanentFloor(world.server, owner, 'Axe floor');
    const rooms = (await callApi(world.server, 'GET', `/floors/${floorId}/rooms`, undefined, owner.accessToken)).json
      .data as { id: number; type: string | null }[];
    const day = new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    await callApi(
      world.server,
      'POST',
      '/appointments',
      {
        floorId,
        roomId: rooms.find((r) => r.type === 'MEETING_ROOM')!.id,
        title: 'Review',
        startAt: `${day}T10:00`,
        endAt: `${day}T11:00`,
      },
      owner.accessToken,
    );
    const signedOut = ['/login', '/signup', '/password/forgot'];
    const signedIn = [
      '/home',
      '/floors',
      '/floors/hosted',
      '/floors/create',
      `/floors/${floorId}`,
      `/floors/${floorId}/edit`,
      `/floors/${floorId}/check`,
      `/floors/${floorId}/live`,
      `/floors/${floorId}/appointments`,
      `/floors/${floorId}/recordings`,
      `/floors/${floorId}/history`,
      '/chat',
      '/attendance',
      '/employee/shift',
      '/files',
      '/profile',
      '/profile/edit',
      '/profile/company/edit',
      `/floors/duplicate/${floorId}`,
      '/plan',
      '/does-not-exist',
    ];
    const failures: string[] = [];
    for (const [locale, viewport] of COMBINATIONS) {
      const anonymous = await world.pages.open(locale, viewport);
      for (const path of signedOut) {
        await anonymous.goto(world.url(path));
        await anonymous.locator('main, [role="main"]').first().waitFor();
        await anonymous.waitForLoadState('networkidle');
        for (const f of findings(await seriousViolations(anonymous)))
          failures.push(`${path} ${locale} ${viewport.width}: ${f}`);
      }
      const page = await world.pages.open(locale, viewport, owner);
      for (const path of signedIn) {
        await page.goto(world.url(path));
        await page.locator('main, [role="main"]').first().waitFor();
        if (path.endsWith('/live')) await liveJoined(page);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300); // lazy parts and the 200 ms minimum fetch delay
        for (const f of findings(await seriousViolations(page)))
          failures.push(`${path} ${locale} ${viewport.width}: ${f}`);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });

  it('the admin console: its login page and every list, detail and edit page', async () => {
    const { adminToken, teamId, floorId, memberId } = await seedAdminWorld(world.server, world.smtp);
    const admin = '/admin/secret';
    const pages = [
      '',
      '/profile',
      '/profile/edit',
      '/admins',
      '/admins/register',
      '/companies',
      `/companies/${teamId}`,
      `/companies/${teamId}/edit`,
      '/floors',
      `/floors/${floorId}`,
      `/floors/${floorId}/edit`,
      '/floor_time_records',
      '/users',
      `/users/${memberId}`,
      `/users/${memberId}/edit`,
      `/users/${memberId}/company`,
      '/participants',
    ];
    const failures: string[] = [];
    for (const [locale, viewport] of COMBINATIONS) {
      const signedOut = await world.pages.open(locale, viewport);
      await signedOut.goto(world.url(`${admin}/login`));
      await signedOut.locator('main, [role="main"]').first().waitFor();
      for (const f of findings(await seriousViolations(signedOut)))
        failures.push(`login ${locale} ${viewport.width}: ${f}`);
      const page = await world.pages.open(locale, viewport);
      await page
        .context()
        .addInitScript(
          ([key, value]) => window.localStorage.setItem(key!, value!),
          [ADMIN_SESSION_KEY, JSON.stringify(adminToken)],
        );
      for (const path of pages) {
        await page.goto(world.url(`${admin}${path}`));
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        for (const f of findings(await seriousViolations(page)))
          failures.push(`${admin}${path} ${locale} ${viewport.width}: ${f}`);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
