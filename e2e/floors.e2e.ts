import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { png } from '../server/src/features/uploads/test-images';
import { linkIn } from '../server/src/testing/smtp';
import { expectNoHorizontalOverflow, PHONE } from './support/auth';
import { createTeam, japanDate } from './support/floors';
import { shootAll } from './support/team';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('floors: create through the wizard, lists, landing page, map, access', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('an owner creates a floor with an image and invitations; it is listed, has a landing page and a map; another team gets 404', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'acme', true);
    const { owner: outsider } = await createTeam(world.server, world.smtp, 'other', false);
    const guest = 'floor-guest@example.com';
    const page = await pages.open('ja-JP', undefined, owner);

    await page.goto(url('/floors'));
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'マイフロア' }).waitFor();
    await page.getByText('開催中のフロアはありません').waitFor();
    await nav.getByRole('link', { name: 'フロア', exact: true }).click();
    await page.getByRole('link', { name: 'フロアを作成' }).click();
    await page.waitForURL('**/floors/create');
    await page.locator('.tour').waitFor(); // the creation tutorial opens the first time; skipped here
    await page.keyboard.press('Escape');
    await page.locator('.tour').waitFor({ state: 'detached' });
    await shootAll(page, world.server, SHOTS, 'floor-create-basic', '#floor-title');

    // Step 1: a validation error first, then the basic settings.
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByRole('alert').filter({ hasText: 'フロア名は必須です' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '開始日時は必須です' }).waitFor();
    await page.screenshot({ path: `${SHOTS}floor-create-errors-ja-1280x800.png`, fullPage: true });
    const day = japanDate(3);
    await page.getByLabel('フロア名').fill('年末全社会議');
    await page.getByLabel('開始日時').fill(`${day}T12:00`);
    await page.getByLabel('終了日時').fill(`${day}T10:00`);
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByRole('alert').filter({ hasText: '開始日時は終了日時より前にしてください' }).waitFor();
    await page.getByLabel('開始日時').fill(`${day}T10:00`);
    await page.getByLabel('終了日時').fill(`${day}T12:30`);
    await page.getByRole('button', { name: '次へ' }).click();

    // Step 2: details with counters, and the image (a GIF is refused here).
    const catchcopy = page.getByLabel('フロア詳細');
    await catchcopy.fill('一年を振り返り、来年の計画を共有します');
    await page.getByText(`残り ${100 - 19} 文字`).waitFor();
    await page.getByLabel('キャッチフレーズ').fill('みんなで集まろう');
    await page.getByLabel('説明').fill('14:00 までに入室してください。\n資料は会議室1で共有します。');
    const image = page.getByLabel('フロア画像', { exact: true }).and(page.locator('input[type=file]'));
    await image.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByRole('alert').filter({ hasText: 'JPG または PNG' }).waitFor();
    await image.setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: png(780, 490, [67, 56, 202]) });
    await page.getByText('floor.png').waitFor();
    await page.screenshot({ path: `${SHOTS}floor-create-detail-ja-1280x800.png`, fullPage: true });
    await page.getByRole('button', { name: '次へ' }).click();

    // Step 3: the plan is required.
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByRole('alert').filter({ hasText: 'フロアプランを選択してください' }).waitFor();
    await page.locator('input[name=floor-plan][value="office-24"]').check();
    await page.screenshot({ path: `${SHOTS}floor-create-plan-ja-1280x800.png`, fullPage: true });
    await page.getByRole('button', { name: '次へ' }).click();

    // Step 4: a team member from the list and a guest by e-mail.
    await page.getByRole('tab', { name: /チームメンバー/ }).click();
    await page.locator('.member-pick__row', { hasText: member!.email }).locator('input').check();
    await page.screenshot({ path: `${SHOTS}floor-create-invite-ja-1280x800.png`, fullPage: true });
    await page.getByRole('tab', { name: /ゲスト/ }).click();
    await page.getByLabel('ゲストのメールアドレス').fill(owner.email);
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByRole('alert').filter({ hasText: '自分自身' }).waitFor();
    await page.getByLabel('ゲストのメールアドレス').fill(guest);
    await page.getByRole('button', { name: '次へ' }).click();

    // Step 5: confirmation, then the floor is created and everything else follows.
    await page.getByText(member!.email.split('@')[0]!).or(page.getByText(guest)).first().waitFor();
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}floor-create-confirm-ja-390x844.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}floor-create-confirm-ja-1280x800.png`, fullPage: true });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/image') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'フロアを作成' }).click();
    expect((await uploaded).status()).to.equal(200);
    await page.waitForURL(/\/floors\/\d+$/);
    const floorId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: '年末全社会議' }).waitFor();
    await page.locator('.toast--success').filter({ hasText: '2 件の招待メール' }).waitFor();
    expect(linkIn(await world.smtp.next(member!.email), '/floors/')).to.match(new RegExp(`/floors/${floorId}$`));
    // a guest without an account gets their own link (app_id): they enter without signing up
    expect(linkIn(await world.smtp.next(guest), '/floors/')).to.match(
      new RegExp(`/floors/${floorId}\\?app_id=[\\w-]{43}$`),
    );

    // The landing page: image, Japan time, countdown, calendar links and an .ics made in the page.
    await page.locator('.landing__image img[src^="/api/files/"]').waitFor();
    await page.getByText(/10:00 〜 12:30（日本時間）/).waitFor();
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('link', { name: 'フロアに参加' }).count()).to.equal(0);
    const google = new URL((await page.getByRole('link', { name: 'Google' }).getAttribute('href'))!);
    const startUtc = new Date(`${day}T01:00:00Z`).toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(google.searchParams.get('dates')).to.equal(`${startUtc}/${startUtc.replace('T010000', 'T033000')}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'iCal (.ics)' }).click();
    const ics = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(ics).to.contain(`DTSTART:${startUtc}`);
    expect(ics).to.contain('SUMMARY:年末全社会議');
    await shootAll(page, world.server, SHOTS, 'floor-landing-upcoming', '.landing__title');

    // The lists: upcoming on the floor list, with actions on my floors.
    await page.goto(url('/floors?group=upcoming'));
    await page.locator(`.floor-card[data-floor-id="${floorId}"]`).getByText('開催予定').waitFor();
    await shootAll(page, world.server, SHOTS, 'floors-list-upcoming', `.floor-card[data-floor-id="${floorId}"]`);
    await page.goto(url('/floors/hosted?group=upcoming'));
    const card = page.locator(`.floor-card[data-floor-id="${floorId}"]`);
    await card.getByRole('link', { name: /編集/ }).waitFor();
    await shootAll(page, world.server, SHOTS, 'floors-hosted', `.floor-card[data-floor-id="${floorId}"]`);

    // The edit page is prefilled; the duplicate wizard too.
    await card.getByRole('link', { name: /編集/ }).click();
    await page.waitForURL(`**/floors/${floorId}/edit`);
    expect(await page.getByLabel('フロア名').inputValue()).to.equal('年末全社会議');
    expect(await page.getByLabel('開始日時').inputValue()).to.equal(`${day}T10:00`);
    await shootAll(page, world.server, SHOTS, 'floor-edit', '#floor-title');
    await page.goto(url(`/floors/duplicate/${floorId}`));
    expect(await page.getByLabel('フロア名').inputValue()).to.equal('年末全社会議');
    await shootAll(page, world.server, SHOTS, 'floor-duplicate', '#floor-title');

    // Its map: the 24 rooms from the world.server, the owner in the entrance.
    await page.goto(url(`/floors/${floorId}/live`));
    const map = page.getByRole('group', { name: 'フロアマップ' });
    await map.locator('[data-room="24"]').waitFor();
    expect(await map.locator('[data-room]').count()).to.equal(24);
    expect(await map.locator('[data-room="1"] .floor-room__face--self').count()).to.equal(1);

    // A team member sees it; someone of another team gets the not-found page.
    const colleague = await pages.open('ja-JP', undefined, member!);
    await colleague.goto(url(`/floors/${floorId}`));
    await colleague.getByRole('heading', { level: 1, name: '年末全社会議' }).waitFor();
    expect(await colleague.getByRole('link', { name: '編集' }).count()).to.equal(0);
    const stranger = await pages.open('ja-JP', undefined, outsider);
    await stranger.goto(url(`/floors/${floorId}`));
    await stranger.getByRole('heading', { level: 1, name: /フロアが見つかりません/ }).waitFor();
    await shootAll(stranger, world.server, SHOTS, 'floor-not-found', '.floor-missing');
    await stranger.goto(url(`/floors/${floorId}/live`));
    await stranger.getByRole('heading', { level: 1, name: /フロアが見つかりません/ }).waitFor();
  });
});
