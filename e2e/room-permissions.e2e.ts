import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { callApi, expectNoHorizontalOverflow, PHONE, DESKTOP } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { openLive } from './support/live';
import { liveJoined } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('room permissions: the host’s permission editor and the server’s refusal, live', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages } = world;

  it('refuses a member the meeting room, the host grants the flag in the editor, the member then enters', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'perm', true);
    const floorId = await createPermanentFloor(world.server, owner, '営業フロア');
    const invited = await callApi(
      world.server,
      'POST',
      '/participant/register',
      { floorId, participants: [{ email: member!.email }] },
      owner.accessToken,
    );
    expect(invited.status, JSON.stringify(invited.json)).to.equal(201);

    const memberPage = await openLive(pages.open, world.server, floorId, member!, '');
    const meeting = memberPage.locator('[data-room="18"]');
    await memberPage.getByRole('button', { name: /^会議室1、/ }).click();
    await memberPage
      .locator('.toast--error')
      .filter({ hasText: 'このルームに入る権限がありません。主催者に権限の付与を依頼してください。' })
      .waitFor();
    expect(await meeting.locator('.floor-room__face--self').count()).to.equal(0);
    expect(await memberPage.locator('[data-room="1"] .floor-room__face--self').count()).to.equal(1);

    const hostPage = await openLive(pages.open, world.server, floorId, owner, '');
    await hostPage.getByRole('button', { name: '参加者と権限' }).click();
    const editor = hostPage.getByRole('dialog', { name: '参加者と権限' });
    const row = editor.locator(`[data-participant="${member!.email}"]`);
    await row.waitFor();
    // the host's own row is fixed
    expect(await editor.locator('li').first().getByRole('checkbox').first().isDisabled()).to.equal(true);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-permission-editor-ja-1280x800.png` });
    await hostPage.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(hostPage);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-permission-editor-ja-390x844.png` });
    await hostPage.setViewportSize(DESKTOP);
    await row.getByRole('checkbox', { name: '会議室' }).check();
    await hostPage.locator('.toast--success').filter({ hasText: '参加者の権限を更新しました。' }).waitFor();
    expect(await row.getByRole('checkbox', { name: '会議室' }).isChecked()).to.equal(true);

    // the member's next move is allowed, without reloading
    await liveJoined(memberPage);
    await memberPage.getByRole('button', { name: /^会議室1、/ }).click();
    await meeting.locator('.floor-room__face--self').waitFor();

    // taken back: refused again
    await memberPage.getByRole('button', { name: /^エントランス、/ }).click();
    await memberPage.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await row.getByRole('checkbox', { name: '会議室' }).uncheck();
    // saved once the switches are enabled again, unchecked as the server answered
    await row.locator('input[type="checkbox"]:not(:disabled)').first().waitFor();
    expect(await row.getByRole('checkbox', { name: '会議室' }).isChecked()).to.equal(false);
    await memberPage.getByRole('button', { name: /^会議室1、/ }).click();
    await memberPage.locator('.toast--error').filter({ hasText: 'このルームに入る権限がありません' }).first().waitFor();
    await memberPage.waitForTimeout(500);
    expect(await meeting.locator('.floor-room__face--self').count()).to.equal(0);

    // English
    await hostPage.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await hostPage.reload();
    await liveJoined(hostPage);
    await hostPage.getByRole('button', { name: 'Participants and permissions' }).click();
    const english = hostPage.getByRole('dialog', { name: 'Participants and permissions' });
    await english
      .locator(`[data-participant="${member!.email}"]`)
      .getByRole('checkbox', { name: 'Meeting room' })
      .waitFor();
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-permission-editor-en-1280x800.png` });
    await hostPage.setViewportSize(PHONE);
    await hostPage.screenshot({ path: `${SHOTS}ISSUE-16-permission-editor-en-390x844.png` });
  });
});
