import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { callApi, DESKTOP, expectNoHorizontalOverflow, PHONE, type Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { liveJoined } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Every step of the in-floor tutorial, in the spec's order (§2 floor tutorial targets). */
const ALL = [
  'room20',
  'room21',
  'room18',
  'room3',
  'meetingSchedule',
  'activitySchedule',
  'present',
  'attendance',
  'attendanceSchedule',
];

const flag = async (world: ReturnType<typeof e2eWorld>, who: Account) =>
  (
    (await callApi(world.server, 'GET', '/users/me', undefined, who.accessToken)).json.data as {
      skipHostGuide: boolean;
    }
  ).skipHostGuide;

/** The live floor as `who`, joined (the tutorial may be open over it). */
async function openFloor(world: ReturnType<typeof e2eWorld>, who: Account, floorId: number, locale: string) {
  const page = await world.pages.open(locale, DESKTOP, who);
  await page.goto(`${world.server.url}/floors/${floorId}/live`);
  await page.locator('.floor-room__face--self').waitFor();
  await liveJoined(page);
  return page;
}

/**
 * Walks the open tutorial with its primary button to the end, answering the
 * steps shown; `shoot(id)` may take a picture at a step. Each step's spotlight
 * must lie on its target.
 */
async function walk(page: Page, shoot?: (id: string) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const card = page.locator('.tour__card');
    await card.waitFor();
    const id = (await card.getAttribute('data-tour-card'))!;
    if (seen.at(-1) === id) {
      await page.waitForTimeout(50); // the card for the next step not yet rendered
      continue;
    }
    seen.push(id);
    // the spotlight is drawn around the step's target (within the window)
    await page.locator('.tour__spot').waitFor();
    await page.waitForFunction(() => {
      const spot = document.querySelector('.tour__spot')!.getBoundingClientRect();
      return spot.width > 0 && spot.height > 0;
    });
    await shoot?.(id);
    const progress = await page.locator('.tour__progress').textContent();
    const [current, total] = (progress ?? '').match(/\d+/g)!.map(Number);
    expect(current, `progress of ${id}`).to.equal(seen.length);
    await card.locator('.button--primary').click();
    if (current === total) break;
    await page.locator(`.tour__card:not([data-tour-card="${id}"])`).waitFor();
  }
  await page.locator('.tour').waitFor({ state: 'detached' });
  return seen;
}

describe('the in-floor tutorial (skipHostGuide)', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });

  it("opens once for a host on the spec's targets, is remembered on the server for every device, and reopens from the help button", async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'guide', false);
    expect(
      (await callApi(world.server, 'PUT', '/users/me/host-guide', { skipHostGuide: false }, owner.accessToken)).status,
    ).to.equal(200);
    // the attendance button needs the Business plan (spec §1): this team has it, so every target is on the floor
    const ownerRow = await world.server.models.User.findOne({ where: { email: owner.email } });
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: ownerRow!.employmentCompanyId! } });
    const floorId = await createPermanentFloor(world.server, owner, 'ガイドフロア');

    // first live floor, desktop, Japanese: it opens by itself on the first room
    const page = await openFloor(world, owner, floorId, 'ja-JP');
    await page.locator('[data-tour-card="room20"]').waitFor();
    await page.getByRole('dialog', { name: '応接室1（来客用の部屋）' }).waitFor();
    const steps = await walk(page, async (id) => {
      if (id === 'room20' || id === 'present')
        await page.screenshot({ path: `${SHOTS}ISSUE-16-floor-guide-${id}-ja-1280x800.png` });
    });
    expect(steps).to.deep.equal(ALL);
    for (let i = 0; i < 50 && !(await flag(world, owner)); i++) await page.waitForTimeout(100);
    expect(await flag(world, owner), 'skipHostGuide once finished').to.equal(true);

    // reloaded: not again
    await page.reload();
    await liveJoined(page);
    await page.locator('.floor-room__face--self').waitFor();
    await page.getByRole('button', { name: 'フロアガイドを表示' }).waitFor();
    expect(await page.locator('.tour').count(), 'not again after a reload').to.equal(0);

    // the phone: the help button opens it again; what the narrow floor does not show is left out
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'フロアガイドを表示' }).click();
    const phoneSteps = await walk(page, async (id) => {
      if (id === 'room20' || id === 'meetingSchedule')
        await page.screenshot({ path: `${SHOTS}ISSUE-16-floor-guide-${id}-ja-390x844.png` });
    });
    expect(phoneSteps.length).to.be.at.least(4);
    expect(phoneSteps, 'in the spec order, nothing else').to.deep.equal(ALL.filter((s) => phoneSteps.includes(s)));
    expect(await flag(world, owner)).to.equal(true);

    // another device (a new browser), English: the server's flag keeps it closed; the help button still opens it
    const other = await openFloor(world, owner, floorId, 'en-US');
    await other.getByRole('button', { name: 'Show the floor guide' }).waitFor();
    expect(await other.locator('.tour').count(), 'not on another device').to.equal(0);
    await other.getByRole('button', { name: 'Show the floor guide' }).click();
    await other.getByRole('dialog', { name: 'Guest lounge 1: the visitor room' }).waitFor();
    await other.locator('.tour__spot').waitFor();
    await other.screenshot({ path: `${SHOTS}ISSUE-16-floor-guide-room20-en-1280x800.png` });
    await other.locator('.tour__card .button--primary').click();
    await other.locator('[data-tour-card="room21"]').waitFor();
    // Escape skips at any step
    await other.keyboard.press('Escape');
    await other.locator('.tour').waitFor({ state: 'detached' });
    await other.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(other);
    await other.getByRole('button', { name: 'Show the floor guide' }).click();
    await other.locator('[data-tour-card="room20"]').waitFor();
    await other.locator('.tour__spot').waitFor();
    await other.screenshot({ path: `${SHOTS}ISSUE-16-floor-guide-room20-en-390x844.png` });
    await other.getByRole('button', { name: 'Skip' }).click();
    await other.locator('.tour').waitFor({ state: 'detached' });
  });

  it('skipping sets the flag too; a member who does not manage the floor is not shown it by itself, and absent targets are left out', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'guide-skip', true);
    for (const who of [owner, member!])
      await callApi(world.server, 'PUT', '/users/me/host-guide', { skipHostGuide: false }, who.accessToken);
    const floorId = await createPermanentFloor(world.server, owner, 'スキップ');

    const host = await openFloor(world, owner, floorId, 'ja-JP');
    await host.locator('[data-tour-card="room20"]').waitFor();
    await host.getByRole('button', { name: 'スキップ' }).click();
    await host.locator('.tour').waitFor({ state: 'detached' });
    for (let i = 0; i < 50 && !(await flag(world, owner)); i++) await host.waitForTimeout(100);
    expect(await flag(world, owner)).to.equal(true);

    // the team member on the same floor: no tour by itself (not a host), the help button works, the flag stays off
    const colleague = await openFloor(world, member!, floorId, 'ja-JP');
    await colleague.getByRole('button', { name: 'フロアガイドを表示' }).waitFor();
    expect(await colleague.locator('.tour').count()).to.equal(0);
    await colleague.getByRole('button', { name: 'フロアガイドを表示' }).click();
    await colleague.locator('[data-tour-card="room20"]').waitFor();
    const theirs = await walk(colleague);
    // without the Business plan there is no attendance button nor schedule link, and a member without speech has
    // no present button: those steps are left out, the others keep the spec's order
    expect(
      await colleague
        .locator('[data-tutorial="attendance"], [data-tutorial="attendance-schedule"], [data-tutorial="present"]')
        .count(),
    ).to.equal(0);
    expect(theirs).to.deep.equal(
      ALL.filter((s) => s !== 'attendance' && s !== 'attendanceSchedule' && s !== 'present'),
    );
    await colleague.getByRole('button', { name: 'フロアガイドを表示' }).click();
    await colleague.locator('[data-tour-card="room20"]').waitFor();
    await colleague.keyboard.press('Escape');
    await colleague.locator('.tour').waitFor({ state: 'detached' });
    expect(await flag(world, member!)).to.equal(false);
  });
});
