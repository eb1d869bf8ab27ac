import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { png } from '../server/src/features/uploads/test-images';
import type { Page } from 'playwright-core';
import { createAccount, DESKTOP, expectNoHorizontalOverflow, PHONE } from './support/auth';
import { createTeam } from './support/floors';
import { enterAsGuest, publicFloor } from './support/guest';
import { liveJoined, moveTo } from './support/media';
import { shootAll } from './support/team';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

describe('virtual backgrounds: the picker uploads, shows and deletes my images', function () {
  this.timeout(180_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;
  const stored = () => {
    const dir = path.join(world.server.config.dataDir, 'virtual-backgrounds');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('refuses a page disguised as a PNG, uploads a real one, shows its thumbnail, and deletes it after asking', async () => {
    const me = await createAccount(world.server, world.smtp, 'backgrounds', true);
    const page = await pages.open('ja-JP', undefined, me);
    await page.goto(url('/profile'));
    const picker = page.locator('.vbg');
    await picker.getByText('背景画像はまだありません。').waitFor();
    const input = picker.getByLabel('画像をアップロード');

    // the browser calls it image/png; the server reads the bytes and refuses it, storing nothing
    await input.setInputFiles({
      name: 'trick.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    await picker.getByRole('alert').filter({ hasText: '対応していない画像形式です' }).waitFor();
    expect(await world.server.models.VirtualBackground.count()).to.equal(0);
    expect(stored()).to.deep.equal([]);

    await input.setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: png(320, 180, [14, 159, 144]) });
    await page.locator('.toast--success').filter({ hasText: '背景画像をアップロードしました' }).waitFor();
    const thumb = picker.locator('.vbg__thumb img');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).to.match(/^blob:/);
    // the thumbnail is the downloaded image, decoded at its real size
    await page.waitForFunction(() => (document.querySelector('.vbg__thumb img') as HTMLImageElement)?.naturalWidth);
    expect(await thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).to.deep.equal([
      320, 180,
    ]);
    expect(await picker.locator('.vbg__count').textContent()).to.equal('1 / 20');
    expect(await world.server.models.VirtualBackground.count()).to.equal(1);
    expect(stored()).to.have.length(1);

    await shootAll(page, world.server, SHOTS, 'virtual-backgrounds', '.vbg__thumb img');

    await picker.getByRole('button', { name: '背景を削除' }).click();
    const dialog = page.getByRole('dialog', { name: 'この背景画像を削除しますか？' });
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    expect(await thumb.count()).to.equal(1);
    await picker.getByRole('button', { name: '背景を削除' }).click();
    await page.screenshot({ path: `${SHOTS}virtual-backgrounds-delete-ja-1280x800.png` });
    await dialog.getByRole('button', { name: '削除', exact: true }).click();
    await page.locator('.toast--success').filter({ hasText: '背景画像を削除しました' }).waitFor();
    await picker.getByText('背景画像はまだありません。').waitFor();
    expect(await thumb.count()).to.equal(0);
    expect(await world.server.models.VirtualBackground.count()).to.equal(0);
    expect(stored()).to.deep.equal([]);
  });

  it('a guest uploads a background in the camera effects menu, uses it on their camera, and deletes it', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'bghost', false);
    const { floorId, appId } = await publicFloor(world.server, owner, 'Open studio');
    const guest = await pages.open('en-US');
    await enterAsGuest(guest, url(`/floors/${floorId}?app_id=${appId}`), floorId, 'Gina Rossi');
    const openMenu = async (page: Page, button: string) => {
      await liveJoined(page);
      await page.locator('.floor-room__face--self').first().waitFor();
      // after a reload the guest may come back in room 9 already (a click there would open its details)
      if ((await page.locator('[data-room="9"] .floor-room__face--self').count()) === 0) await moveTo(page, 9);
      await page.getByRole('toolbar').getByRole('button', { name: button }).click();
      return page.locator('.effects-menu__panel .vbg');
    };
    const picker = await openMenu(guest, 'Effects');
    await picker.getByText('No background images yet.').waitFor();
    await picker
      .getByLabel('Upload image')
      .setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: png(640, 360, [180, 90, 40]) });
    await guest.locator('.toast--success').filter({ hasText: 'Background image uploaded.' }).waitFor();
    const thumb = picker.locator('.vbg__thumb img');
    await thumb.waitFor();
    await guest.waitForFunction(() => (document.querySelector('.vbg__thumb img') as HTMLImageElement)?.naturalWidth);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).to.equal(640);

    // stored for the guest session: the guest user on this floor, through the guest routes
    const rows = await world.server.models.VirtualBackground.findAll();
    expect(rows).to.have.length(1);
    const guestUser = await world.server.models.User.findByPk(rows[0]!.userId);
    expect(guestUser!.type).to.equal('guest');
    expect(rows[0]!.floorId).to.equal(floorId);
    expect(rows[0]!.participantId).to.be.a('number');

    // chosen like a built-in background: the camera effect takes it (object URL of the downloaded image)
    await picker.getByRole('button', { name: 'Use this background' }).click();
    await picker.locator('.vbg__item--selected').waitFor();
    expect(await picker.locator('.vbg__badge').textContent()).to.equal('Selected');

    for (const locale of ['en', 'ja'] as const) {
      await guest.context().addCookies([{ name: 'tsudoi_locale', value: locale, url: world.server.url }]);
      for (const viewport of [DESKTOP, PHONE]) {
        await guest.setViewportSize(viewport);
        await guest.reload();
        const again = await openMenu(guest, locale === 'ja' ? 'エフェクト' : 'Effects');
        await again.locator('.vbg__thumb img').waitFor();
        // kept from the last visit: downloaded again (a new object URL) and chosen again by itself
        await again.locator('.vbg__item--selected').waitFor();
        await expectNoHorizontalOverflow(guest);
        await guest.screenshot({
          path: `${SHOTS}virtual-backgrounds-menu-${locale}-${viewport.width}x${viewport.height}.png`,
        });
      }
    }

    const panel = guest.locator('.effects-menu__panel');
    await panel.getByRole('button', { name: '背景を削除' }).click();
    await guest
      .getByRole('dialog', { name: 'この背景画像を削除しますか？' })
      .getByRole('button', { name: '削除', exact: true })
      .click();
    await guest.locator('.toast--success').filter({ hasText: '背景画像を削除しました' }).waitFor();
    await panel.getByText('背景画像はまだありません。').waitFor();
    expect(await world.server.models.VirtualBackground.count()).to.equal(0);
    expect(stored()).to.deep.equal([]);
  });
});
