import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { callApi, DESKTOP, expectNoHorizontalOverflow, PHONE } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { openLive } from './support/live';
import { liveJoined } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Issue 16 (s25rooms): the edit room popup renames and retypes a room; the floor sees it live and the server enforces the type. */
describe('edit room popup: name and type', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages } = world;

  const shootBoth = async (page: Page, name: string) => {
    await page.screenshot({ path: `${SHOTS}${name}-1280x800.png` });
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}${name}-390x844.png` });
    await page.setViewportSize(DESKTOP);
  };

  it('the host makes table A the meeting room "デザイン室"; a member sees the name live and is refused entry', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'roomedit', true);
    const floorId = await createPermanentFloor(world.server, owner, '本社フロア');
    const invited = await callApi(
      world.server,
      'POST',
      '/participant/register',
      { floorId, participants: [{ email: member!.email }] },
      owner.accessToken,
    );
    expect(invited.status, JSON.stringify(invited.json)).to.equal(201);
    const memberPage = await openLive(pages.open, world.server, floorId, member!, '', 'en-US');
    // before: table A is open to the member
    await memberPage.getByRole('button', { name: /^Table A, / }).click();
    await memberPage.locator('[data-room="8"] .floor-room__face--self').waitFor();
    await liveJoined(memberPage);
    await memberPage.getByRole('button', { name: /^Entrance, / }).click();
    await memberPage.locator('[data-room="1"] .floor-room__face--self').waitFor();

    const hostPage = await openLive(pages.open, world.server, floorId, owner, '');
    await hostPage.getByRole('button', { name: /^テーブルA、/ }).click();
    await hostPage.locator('[data-room="8"] .floor-room__face--self').waitFor();
    await liveJoined(hostPage);
    await hostPage.getByRole('button', { name: /^テーブルA、/ }).click();
    const popup = hostPage.getByRole('dialog', { name: 'テーブルA' });
    await popup.getByRole('heading', { name: 'ルームを編集' }).waitFor();
    expect(await popup.getByLabel('入室できる人').inputValue()).to.equal('OPEN');
    await popup.getByLabel('ルーム名').fill('x'.repeat(30));
    expect((await popup.getByLabel('ルーム名').inputValue()).length).to.equal(30);
    await popup.getByLabel('ルーム名').fill('デザイン室');
    await popup.getByLabel('入室できる人').selectOption({ label: '会議室の権限がある人' });
    await shootBoth(hostPage, 'ISSUE-16-room-name-type-ja');
    await popup.getByRole('button', { name: '保存' }).click();
    await hostPage.locator('.toast--success').filter({ hasText: '部屋を更新しました。' }).waitFor();
    await hostPage.getByRole('dialog', { name: 'デザイン室' }).waitFor();

    // the member's map shows the new name without reloading; the room now asks for the meeting room flag
    const renamed = memberPage.getByRole('button', { name: /^デザイン室, / });
    await renamed.waitFor();
    await liveJoined(memberPage);
    await renamed.click();
    await memberPage
      .locator('.toast--error')
      .filter({ hasText: 'You do not have permission to enter this room. Ask the host for it.' })
      .waitFor();
    expect(await memberPage.locator('[data-room="8"] .floor-room__face--self').count()).to.equal(0);
    await shootBoth(memberPage, 'ISSUE-16-room-renamed-member-en');

    // English: the host's name stays as typed, the type in English; the entrance's type cannot change
    await hostPage.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await hostPage.reload();
    await liveJoined(hostPage);
    await hostPage.getByRole('button', { name: /^デザイン室, / }).click();
    const english = hostPage.getByRole('dialog', { name: 'デザイン室' });
    await english.getByRole('heading', { name: 'Edit room' }).waitFor();
    await english.getByText('Meeting room permission').first().waitFor();
    expect(await english.getByLabel('Room name').inputValue()).to.equal('デザイン室');
    await english.getByText('Leave it empty to go back to “Table A”').waitFor();
    await shootBoth(hostPage, 'ISSUE-16-room-name-type-en');
    await english.getByRole('button', { name: 'Close' }).first().click();
    await hostPage.getByRole('button', { name: /^Entrance, / }).click();
    await hostPage.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await liveJoined(hostPage);
    await hostPage.getByRole('button', { name: /^Entrance, / }).click();
    const entrance = hostPage.getByRole('dialog', { name: 'Entrance' });
    expect(await entrance.getByLabel('Who may enter').isDisabled()).to.equal(true);
    await entrance.getByText('Who may enter this room cannot be changed').waitFor();
  });
});
