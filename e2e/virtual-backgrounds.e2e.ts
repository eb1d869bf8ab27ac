import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { png } from '../server/src/features/uploads/test-images';
import { createAccount } from './support/auth';
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
});
