import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { linkIn } from '../server/src/testing/smtp';
import { callApi, named } from './support/auth';
import { createTeam } from './support/floors';
import { onServer, shootAll } from './support/team';
import { e2eWorld } from './support/world';
import { shootAsIs } from './support/team';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const FLOOR_PASSWORD = 'sakura-2026';

const mapOf = (page: Page, label: string) => page.getByRole('group', { name: label });
const face = (page: Page, label: string, room: number, userId: number) =>
  mapOf(page, label).locator(`[data-room="${room}"] [data-person="${userId}"]`);

const shoot = (page: Page, name: string) => shootAsIs(page, SHOTS, name);

describe('floors: an account-less guest and a team member on one floor', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('a host makes a floor in the wizard; a member and a guest without an account enter it and see each other move', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'guests', true);
    const ownerId = await named(world.server, owner, '山田 太郎');
    const memberId = await named(world.server, member!, '佐藤 美緒');
    const visitor = 'visitor@partner.example';

    // The host creates a permanent public floor with a password, inviting the member and a guest.
    const host = await pages.open('ja-JP', undefined, owner);
    await host.goto(url('/floors/create'));
    await host.locator('.tour').waitFor(); // the creation tutorial, skipped
    await host.keyboard.press('Escape');
    await host.locator('.tour').waitFor({ state: 'detached' });
    await host.getByLabel('フロア名').fill('ゲスト歓迎オフィス');
    await host.getByRole('radio', { name: /常設/ }).check();
    await host.getByRole('radio', { name: /^公開/ }).check();
    await host.getByLabel('入室パスワードを設定する').check();
    await host.getByLabel('パスワード', { exact: true }).fill(FLOOR_PASSWORD);
    await host.getByRole('button', { name: '次へ' }).click();
    await host.getByLabel('フロア詳細').fill('取引先の方もどうぞ');
    await host.getByRole('button', { name: '次へ' }).click();
    await host.locator('input[name=floor-plan][value="office-24"]').check();
    await host.getByRole('button', { name: '次へ' }).click();
    await host.getByRole('tab', { name: /チームメンバー/ }).click();
    await host.locator('.member-pick__row', { hasText: member!.email }).locator('input').check();
    await host.getByRole('tab', { name: /ゲスト/ }).click();
    await host.getByLabel('ゲストのメールアドレス').fill(visitor);
    await host.getByRole('button', { name: '次へ' }).click();
    await host.getByRole('button', { name: 'フロアを作成' }).click();
    await host.waitForURL(/\/floors\/\d+$/);
    const floorId = Number(new URL(host.url()).pathname.split('/').pop());
    // the public floor's own guest link, for the host to share
    const copy = host.getByRole('button', { name: 'ゲスト招待リンクをコピー' });
    expect(await copy.getAttribute('data-url')).to.match(new RegExp(`/floors/${floorId}\\?app_id=[\\w-]{43}$`));

    // The guest's mail carries their own link; it opens the floor without an account.
    const link = new URL(linkIn(await world.smtp.next(visitor), `/floors/${floorId}`));
    expect(link.searchParams.get('app_id')).to.match(/^[\w-]{43}$/);
    const guest = await pages.open('en-US');
    await guest.goto(onServer(world.server, link.href));
    const dialog = guest.getByRole('dialog', { name: 'Join as a guest' });
    const nameField = dialog.getByLabel('Display name');
    expect(await nameField.inputValue()).to.equal('visitor');
    await nameField.fill('');
    await dialog.getByRole('button', { name: 'Enter the floor' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Enter your display name' }).waitFor();
    await nameField.fill('Gina Rossi');
    await dialog.getByLabel('Password').fill('wrong-one');
    await dialog.getByRole('button', { name: 'Enter the floor' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The floor password is incorrect.' }).waitFor();
    await shoot(guest, 'floor-guest-dialog-en');
    await dialog.getByLabel('Password').fill(FLOOR_PASSWORD);
    await dialog.getByRole('button', { name: 'Enter the floor' }).click();
    await guest.waitForURL(new RegExp(`/floors/${floorId}/live\\?app_id=`));
    const gina = (await world.server.models.User.findOne({ where: { name: 'Gina Rossi' } }))!;
    expect(gina.type).to.equal('guest');
    await face(guest, 'Floor map', 1, gina.id).waitFor();

    // The member is asked for the floor password; the host is not.
    const mate = await pages.open('ja-JP', undefined, member!);
    await mate.goto(url(`/floors/${floorId}/live`));
    const ask = mate.getByRole('dialog', { name: 'フロアのパスワード' });
    await ask.getByLabel('パスワード').fill('nope');
    await ask.getByRole('button', { name: 'フロアに入る' }).click();
    await ask.getByRole('alert').filter({ hasText: 'フロアのパスワードが正しくありません。' }).waitFor();
    await shoot(mate, 'floor-password-ja');
    await ask.getByLabel('パスワード').fill(FLOOR_PASSWORD);
    await ask.getByRole('button', { name: 'フロアに入る' }).click();
    await ask.waitFor({ state: 'hidden' });
    await host.goto(url(`/floors/${floorId}/live`));
    await face(host, 'フロアマップ', 1, ownerId).waitFor();
    expect(await host.getByRole('dialog', { name: 'フロアのパスワード' }).count()).to.equal(0);

    // Each sees the others: the guest at the entrance for the member, the member for the guest.
    await face(mate, 'フロアマップ', 1, gina.id).waitFor();
    await face(guest, 'Floor map', 1, memberId).waitFor();
    await face(guest, 'Floor map', 1, ownerId).waitFor();

    // The guest moves to table A (meeting rooms ask for a flag, issue 16); the member moves to the break room; each sees the other live.
    await mapOf(guest, 'Floor map')
      .getByRole('button', { name: /^Table A, / })
      .click();
    await face(mate, 'フロアマップ', 8, gina.id).waitFor();
    await face(host, 'フロアマップ', 8, gina.id).waitFor();
    await mapOf(mate, 'フロアマップ')
      .getByRole('button', { name: /^休憩室、/ })
      .click();
    await face(guest, 'Floor map', 3, memberId).waitFor();
    await shoot(guest, 'floor-guest-live-en');

    // The host locks table B from inside it.
    const room2 = /^テーブルB、/;
    await mapOf(host, 'フロアマップ').getByRole('button', { name: room2 }).click();
    await face(host, 'フロアマップ', 9, ownerId).waitFor();
    await mapOf(host, 'フロアマップ').getByRole('button', { name: room2 }).click();
    const popup = host.getByRole('dialog', { name: 'テーブルB' });
    await popup.getByRole('button', { name: 'ロックする' }).click();
    await popup.getByTestId('room-password').waitFor();
    await popup.getByRole('button', { name: '閉じる' }).click();

    // The member is asked for the room's password; the guest walks in.
    await mapOf(mate, 'フロアマップ')
      .getByRole('button', { name: /^テーブルB、ロック中/ })
      .click();
    const roomPrompt = mate.getByRole('dialog', { name: 'テーブルB はロックされています' });
    await roomPrompt.waitFor();
    await mapOf(guest, 'Floor map')
      .getByRole('button', { name: /^Table B, locked/ })
      .click();
    await face(guest, 'Floor map', 9, gina.id).waitFor();
    await face(host, 'フロアマップ', 9, gina.id).waitFor();
    await face(mate, 'フロアマップ', 9, gina.id).waitFor();
    expect(await guest.getByRole('dialog').filter({ hasText: 'is locked' }).count()).to.equal(0);
    await roomPrompt.getByRole('button', { name: 'キャンセル' }).click();
    expect(await face(mate, 'フロアマップ', 3, memberId).count()).to.equal(1);

    // A reload keeps the guest's session; the floor page keeps their link.
    await guest.reload();
    await face(guest, 'Floor map', 9, gina.id).waitFor();
    // Their own room's popup tells about it; locks are for people with an account.
    await mapOf(guest, 'Floor map')
      .getByRole('button', { name: /^Table B, locked/ })
      .click();
    const own = guest.getByRole('dialog', { name: 'Table B' });
    await own.waitFor();
    expect(await own.getByRole('button', { name: /Unlock|Lock/ }).count()).to.equal(0);
    await guest.keyboard.press('Escape');
    await own.waitFor({ state: 'hidden' });
    await guest.getByRole('link', { name: '← Floor page' }).click();
    await guest.waitForURL(new RegExp(`/floors/${floorId}\\?app_id=`));
    await guest.getByRole('dialog', { name: 'Join as a guest' }).waitFor();
    expect(await guest.getByText('Guest: Gina Rossi').count()).to.equal(1);
    await shootAll(guest, world.server, SHOTS, 'floor-guest-landing', '#guest-name');
  });

  it('tells a visitor with a bad or private link what is wrong; a signed-in outsider enters a public floor by its link', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'closed', false);
    const { status, json } = await callApi(
      world.server,
      'POST',
      '/floors',
      { title: '社内会議', catchcopy: '社内のみ', type: 2, privacy: 'private', floorPlanId: 'office-24' },
      owner.accessToken,
    );
    expect(status).to.equal(201);
    const floor = json.data as { id: number };
    const row = (await world.server.models.Floor.findByPk(floor.id))!;
    const visitor = await pages.open('ja-JP');
    await visitor.goto(url(`/floors/${floor.id}?app_id=${row.inviteToken}`));
    await visitor.getByRole('heading', { name: 'このフロアに参加する権限がありません。' }).waitFor();
    await shoot(visitor, 'floor-guest-refused-ja');
    await visitor.goto(url(`/floors/${floor.id}?app_id=${'x'.repeat(43)}`));
    await visitor.getByRole('heading', { name: /フロアのリンクが無効です/ }).waitFor();
    await visitor.goto(url(`/floors/${floor.id}`));
    await visitor.waitForURL('**/login');

    // Signed in with another team: a public floor's invite link lets them in, a private one does not.
    const { owner: outsider } = await createTeam(world.server, world.smtp, 'outsider', false);
    const opened = await callApi(
      world.server,
      'POST',
      '/floors',
      { title: '公開ラウンジ', catchcopy: 'どなたでも', type: 2, privacy: 'public', floorPlanId: 'office-24' },
      owner.accessToken,
    );
    const lounge = (await world.server.models.Floor.findByPk((opened.json.data as { id: number }).id))!;
    const signedIn = await pages.open('ja-JP', undefined, outsider);
    await signedIn.goto(url(`/floors/${lounge.id}?app_id=${lounge.inviteToken}`));
    await signedIn.getByRole('heading', { level: 1, name: '公開ラウンジ' }).waitFor();
    await signedIn.getByRole('link', { name: 'フロアに参加' }).click();
    // the device check page comes first
    await signedIn.getByRole('button', { name: 'フロアに入る' }).click();
    await signedIn.waitForURL(`**/floors/${lounge.id}/live`);
    await signedIn
      .getByRole('group', { name: 'フロアマップ' })
      .locator('[data-room="1"] [data-person]')
      .first()
      .waitFor();
    await signedIn.goto(url(`/floors/${floor.id}?app_id=${row.inviteToken}`));
    await signedIn.getByRole('heading', { name: /このフロアに参加する権限がありません。/ }).waitFor();
  });
});
