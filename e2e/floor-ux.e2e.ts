import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DESKTOP, named, PHONE } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { enterAsGuest, publicFloor } from './support/guest';
import {
  boxOf,
  expectNothingUnderHeader,
  openLive,
  overlap,
  reloadIn,
  shootLive,
  tileNames,
  unreachableRooms,
} from './support/live';
import { liveJoined, member, moveTo, receiving, RECORD_PEER_CONNECTIONS } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const NAMES = ['佐藤 花子', '鈴木 一郎', 'Emily Johnson-Whitaker', '高橋 美咲'];

describe('floor UX: the map with videos on, at desktop and phone width', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS });

  it('four people on camera in one room: the map stays in view and usable; the strip hides and grows; one sharer, named', async () => {
    const { server, smtp } = world;
    const { owner } = await createTeam(server, smtp, 'ux', false);
    const people = [owner];
    for (const label of ['ux-a', 'ux-b', 'ux-c']) people.push(await member(server, smtp, owner, label));
    for (const [i, who] of people.entries()) await named(server, who, NAMES[i]!);
    const floorId = await createPermanentFloor(server, owner, '毎日のオフィス');
    const pages = [];
    for (const who of people)
      pages.push(await openLive(world.pages.open, server, floorId, who, RECORD_PEER_CONNECTIONS));
    for (const page of pages) await moveTo(page, 9);
    const [host, first] = [pages[0]!, pages[1]!];
    for (const page of pages) await receiving(page, 3, 3, 40_000);
    await host.locator('.media-tile[data-video="on"]').nth(3).waitFor();

    // 1280x800, the strip: every room of the map can be clicked, nothing scrolls under the header
    expect(await host.locator('.media-stage').getAttribute('data-view')).to.equal('strip');
    expect(await unreachableRooms(host), 'rooms covered or off screen').to.deep.equal([]);
    await expectNothingUnderHeader(host);
    expect((await tileNames(host)).filter((n) => n.cut)).to.deep.equal([]);
    await shootLive(host, SHOTS, 'floor-four-videos', 'ja');

    // a phone: no screen share (desktop only), the chat button is not over the map, names whole, the map in view
    await host.setViewportSize(PHONE);
    await host.getByRole('button', { name: '画面を共有' }).waitFor({ state: 'detached', timeout: 5_000 });
    const map = await boxOf(host.locator('.live__map'));
    expect(overlap(await boxOf(host.getByRole('button', { name: /^チャット/ })), map)).to.equal(false);
    expect(map.y + 200, 'the map starts within the first screen with room to see it').to.be.below(PHONE.height);
    expect((await unreachableRooms(host)).length, 'rooms reachable without scrolling').to.be.below(24);
    const names = await tileNames(host);
    expect(names.map((n) => n.text).sort()).to.deep.equal([`${NAMES[0]}（あなた）`, ...NAMES.slice(1)].sort());
    expect(names.filter((n) => n.cut)).to.deep.equal([]);
    await expectNothingUnderHeader(host);
    await host.setViewportSize(DESKTOP);
    await host.getByRole('button', { name: '画面を共有' }).waitFor({ timeout: 5_000 });

    // the same in English (the person's choice, kept in the locale cookie), then back to Japanese
    await reloadIn(host, server, 'en', 3, 3);
    await host.getByRole('button', { name: 'Share screen' }).waitFor();
    expect(await unreachableRooms(host)).to.deep.equal([]);
    await shootLive(host, SHOTS, 'floor-four-videos', 'en');
    await reloadIn(host, server, 'ja', 3, 3);

    // hidden: the tiles go, the sound stays (the audio elements are still there), every room still reachable
    await host.getByRole('button', { name: 'ビデオを隠す' }).click();
    await host.getByText('4 人のビデオを非表示中').waitFor();
    expect(await host.locator('.media-stage__grid').isVisible()).to.equal(false);
    expect(await host.locator('.media-stage audio').count()).to.equal(3);
    expect(await unreachableRooms(host)).to.deep.equal([]);
    await host.getByRole('button', { name: 'ビデオを表示' }).click();
    await host.locator('.media-tile[data-video="on"]').nth(3).waitFor();
    // grown: large tiles, the map below still there; the choice survives a reload
    await host.getByRole('button', { name: 'ビデオを大きく表示' }).click();
    const tile = await boxOf(host.locator('.media-tile').first());
    expect(tile.height, 'a large tile').to.be.above(150);
    expect(await host.locator('.live__map').isVisible()).to.equal(true);
    await reloadIn(host, server, 'ja', 3, 3);
    expect(await host.locator('.media-stage').getAttribute('data-view')).to.equal('grid');
    await host.getByRole('button', { name: 'ビデオを小さく表示' }).click();
    expect(await host.locator('.media-stage').getAttribute('data-view')).to.equal('strip');

    // the host shares a screen: the others' tiles grow to show it; a second sharer is told who shares
    await host.getByRole('button', { name: '画面を共有' }).click();
    await first.locator('.media-tile[data-source="screen"][data-video="on"]').waitFor({ timeout: 20_000 });
    expect(await first.locator('.media-stage').getAttribute('data-view')).to.equal('grid');
    await first.getByRole('button', { name: '画面を共有' }).click();
    await first
      .locator('.toast--error')
      .filter({ hasText: `${NAMES[0]} さんが画面を共有中です。` })
      .waitFor();
    await first.getByRole('button', { name: '画面を共有', pressed: false }).waitFor();
    await host.getByRole('button', { name: '共有を停止' }).click();

    // my face is a handle: dragged onto another room it moves me there; a press without moving opens my card
    const face = await boxOf(host.locator('[data-room="9"] .floor-room__face--self'));
    const target = await boxOf(host.locator('[data-room="12"]'));
    await host.mouse.move(face.x + face.width / 2, face.y + face.height / 2);
    await host.mouse.down();
    await host.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    await host.locator('[data-room="12"].floor-room--drop').waitFor();
    await host.locator('.floor-map__ghost').waitFor();
    await host.mouse.up();
    await host.locator('[data-room="12"] .floor-room__face--self').waitFor();
    await first.locator(`[data-room="12"] [title="${NAMES[0]}"]`).waitFor();
    await host.locator('[data-room="12"] .floor-room__face--self').click();
    await host.getByRole('dialog', { name: NAMES[0] }).waitFor();
  });

  it('a guest on a phone: their whole name in the header and on the tiles, the map in view, no screen share', async () => {
    const { server, smtp } = world;
    const { owner } = await createTeam(server, smtp, 'ux-guest', false);
    await named(server, owner, NAMES[0]!);
    const { floorId, appId } = await publicFloor(server, owner, 'Open lounge');
    const longName = 'Alexandra Montgomery-Fitzgerald (Northwind Consulting)';
    const guest = await world.pages.open('en-US', PHONE);
    await guest.context().addInitScript(RECORD_PEER_CONNECTIONS);
    await enterAsGuest(guest, `${server.url}/floors/${floorId}?app_id=${appId}`, floorId, longName);
    await liveJoined(guest);
    const host = await openLive(world.pages.open, server, floorId, owner, RECORD_PEER_CONNECTIONS);
    await moveTo(host, 9);
    await moveTo(guest, 9);
    await receiving(guest, 1, 1, 40_000);
    await receiving(host, 1, 1, 40_000);

    const who = guest.locator('.guest-header__who');
    expect(await who.innerText()).to.contain(longName);
    expect(await who.evaluate((e) => e.scrollWidth > e.clientWidth + 1)).to.equal(false);
    expect((await tileNames(guest)).filter((n) => n.cut)).to.deep.equal([]);
    expect((await tileNames(host)).map((n) => n.text)).to.include(longName);
    expect((await tileNames(host)).filter((n) => n.cut)).to.deep.equal([]);
    expect(await guest.getByRole('button', { name: 'Share screen' }).count()).to.equal(0);
    const map = await boxOf(guest.locator('.live__map'));
    expect(overlap(await boxOf(guest.getByRole('button', { name: /^Chat/ })), map)).to.equal(false);
    expect(map.y + 200).to.be.below(PHONE.height);
    await expectNothingUnderHeader(guest);
    // moving into a room where media was just changing leaves no error behind
    expect(await guest.locator('.toast--error').allInnerTexts()).to.deep.equal([]);
    await guest.screenshot({ path: `${SHOTS}floor-guest-phone-en-390x844.png` });
  });

  it('speaks Japanese whatever the browser prefers, on the site, the app and the console; a choice of English is followed by all three', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'ux-lang', false);
    const floorId = await createPermanentFloor(world.server, owner, '言語のフロア');
    // a browser that prefers English, and no choice made yet (no cookie): Japanese
    const context = await world.browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto(world.url('/'));
      expect(await page.getAttribute('html', 'lang')).to.equal('ja'); // the public site too
      await page.goto(world.url('/admin/secret/login'));
      await page.getByLabel('メールアドレス').waitFor(); // and the admin console
      await page.goto(world.url('/login'));
      await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).to.equal('ja');
      await page.getByLabel('言語').selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      const cookie = (await context.cookies()).find((c) => c.name === 'tsudoi_locale');
      expect(cookie?.value).to.equal('en');
      expect(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400).to.be.within(364, 366);
      await page.getByLabel('Email address').fill(owner.email);
      await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/home');
      await page.goto(world.url(`/floors/${floorId}/live`));
      await page.getByRole('group', { name: 'Floor map' }).waitFor();
      await page.reload();
      await page.getByRole('group', { name: 'Floor map' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).to.equal('en');
      // the one choice is followed by the public site and the admin console
      await page.goto(world.url('/pricing'));
      expect(await page.getAttribute('html', 'lang')).to.equal('en');
      await page.goto(world.url('/admin/secret/login'));
      await page.getByLabel('Email address').waitFor();
    } finally {
      await context.close();
    }
  });
});
