import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoHorizontalOverflow, named, PHONE } from './support/auth';
import { createTeam } from './support/floors';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

async function shoot(page: Page, name: string, locale: 'ja' | 'en') {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    if (viewport === PHONE) await expectNoHorizontalOverflow(page);
    await page.screenshot({
      path: `${SHOTS}18-files-${name}-${locale}-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

const row = (page: Page, name: string) => page.locator(`.share-row[data-name="${name}"]`);

describe('file share: upload with progress, rename, move, download and delete in the browser', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('a member makes a folder, uploads into it with progress, renames, moves, downloads and deletes the file', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'share', true);
    await named(world.server, owner, '管理 花子');
    await named(world.server, member!, '山田 太郎');
    const page = await pages.open('ja-JP', DESKTOP, member!);
    await page.goto(url('/home'));
    await page.getByRole('link', { name: 'ファイル共有' }).click();
    await page.getByRole('heading', { level: 1, name: 'ファイル共有' }).waitFor();
    await page.getByText('このフォルダは空です').waitFor();

    // a folder name over 100 characters is refused in the dialog, then a good one is made
    await page.getByRole('button', { name: '新しいフォルダ' }).click();
    const dialog = page.locator('dialog.share-dialog');
    await dialog.getByLabel('名前').fill('資'.repeat(101));
    await dialog.getByRole('button', { name: '作成' }).click();
    await dialog.getByRole('alert').filter({ hasText: '100 文字以内で入力してください' }).waitFor();
    await dialog.getByLabel('名前').fill('営業資料');
    await dialog.getByRole('button', { name: '作成' }).click();
    await page.locator('.toast--success').filter({ hasText: 'フォルダ「営業資料」を作成しました。' }).waitFor();
    await row(page, '営業資料').getByRole('button', { name: '営業資料', exact: true }).click();
    await page.locator('.share-crumbs [aria-current="page"]').filter({ hasText: '営業資料' }).waitFor();

    // the upload is slowed down (about 1 MB/s) so its progress can be seen moving
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const bytes = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
    await page
      .getByTestId('share-file-input')
      .setInputFiles({ name: '見積書.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const bar = page.getByRole('progressbar', { name: '見積書.bin をアップロード中' });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const now = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0);
      return now > 0 && now < 100;
    });
    await shoot(page, 'uploading', 'ja');
    await page
      .locator('.toast--success')
      .filter({ hasText: '「見積書.bin」をアップロードしました。' })
      .waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await bar.waitFor({ state: 'detached' });
    const uploaded = row(page, '見積書.bin');
    await uploaded.waitFor();
    expect(await uploaded.locator('.share-row__owner').textContent()).to.equal('山田 太郎');
    expect(await uploaded.locator('.share-row__size').textContent()).to.equal('3 MB');

    // rename
    await uploaded.getByRole('button', { name: '見積書.bin の名前を変更' }).click();
    await dialog.getByLabel('名前').fill('見積書 2026.bin');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('.toast--success').filter({ hasText: '名前を「見積書 2026.bin」に変更しました。' }).waitFor();
    const renamed = row(page, '見積書 2026.bin');
    await renamed.waitFor();

    // download: the same bytes come back under the new name
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      renamed.getByRole('button', { name: '見積書 2026.bin をダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).to.equal('見積書 2026.bin');
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(bytes)).to.equal(true);

    // move to the top
    await renamed.getByRole('button', { name: '見積書 2026.bin を移動' }).click();
    await dialog.getByLabel('移動先').selectOption('root');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('.toast--success').filter({ hasText: '「見積書 2026.bin」を移動しました。' }).waitFor();
    await page.getByText('このフォルダは空です').waitFor();
    await page.locator('.share-crumbs').getByRole('button', { name: 'トップ' }).click();
    await row(page, '見積書 2026.bin').waitFor();
    await row(page, '営業資料').waitFor();
    await shoot(page, 'list', 'ja');

    // delete, after confirming
    await row(page, '見積書 2026.bin').getByRole('button', { name: '見積書 2026.bin を削除' }).click();
    await page
      .getByRole('dialog', { name: '「見積書 2026.bin」を削除しますか？' })
      .getByRole('button', { name: '削除' })
      .click();
    await page.locator('.toast--success').filter({ hasText: '「見積書 2026.bin」を削除しました。' }).waitFor();
    await row(page, '見積書 2026.bin').waitFor({ state: 'detached' });
    const rows = await world.server.models.CompanyFile.count();
    expect(rows).to.equal(0);

    // the owner sees the member's folder, owned by the member, and may change it (a manager)
    const ownerPage = await pages.open('en-US', DESKTOP, owner);
    await ownerPage.goto(url('/files'));
    await ownerPage.getByRole('heading', { level: 1, name: 'File share' }).waitFor();
    const folder = row(ownerPage, '営業資料');
    await folder.waitFor();
    expect(await folder.locator('.share-row__owner').textContent()).to.equal('山田 太郎');
    await ownerPage.getByTestId('share-file-input').setInputFiles({
      name: 'minutes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Weekly meeting minutes\n'.repeat(40)),
    });
    await row(ownerPage, 'minutes.txt').waitFor();
    await folder.getByRole('button', { name: 'Rename 営業資料' }).waitFor();
    await shoot(ownerPage, 'list', 'en');
  });
});
