import fs from 'node:fs';
import { expect } from 'chai';
import { type Account } from './support/auth';
import { openStageFloor, shootStage, stageCast, STAGE_SHOTS } from './support/stage';
import { e2eWorld } from './support/world';

describe('stage: save-chat on leave between browsers', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: STAGE_SHOTS });

  it('with save-chat on, leaving offers the chat download (download and leave, or leave without); off, it leaves at once', async () => {
    const { owner, mia, ken, floorId } = await stageCast(world, 'stage-leave', '佐藤 健');
    const open = (who: Account, locale: string) => openStageFloor(world, floorId, who, locale);
    const host = await open(owner, 'ja-JP');
    const english = await open(mia, 'en-US');
    const japanese = await open(ken, 'ja-JP');

    // a presentation with save-chat on; two members join as audience
    await host.getByRole('checkbox', { name: 'チャットを保存' }).check();
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).click();
    await host.getByRole('region', { name: 'プレゼンテーション' }).waitFor();
    await english
      .getByRole('status')
      .filter({ hasText: '山田 太郎 is presenting on the stage' })
      .getByRole('button', { name: 'Join as audience' })
      .click();
    const view = english.getByRole('region', { name: 'Presentation' });
    await view.waitFor();
    await japanese
      .getByRole('status')
      .filter({ hasText: '山田 太郎さんがステージで発表中です' })
      .getByRole('button', { name: '視聴者として参加' })
      .click();
    const jaView = japanese.getByRole('region', { name: 'プレゼンテーション' });
    await jaView.waitFor();

    // Mia says something in the presentation chat (Ken never opens it)
    await view.getByRole('tab', { name: /Chat/ }).click();
    const box = view.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Slides are on page 12');
    await box.press('Enter');
    await view.getByText('Slides are on page 12').waitFor();

    // leaving asks first; staying keeps her in
    await view.getByRole('button', { name: 'Leave', exact: true }).click();
    const dialog = english.getByRole('dialog', { name: 'Download the chat before you leave?' });
    await dialog.waitFor();
    await shootStage(english, 'ISSUE-15-stage-leave-dialog-en');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await view.waitFor();

    // Ken downloads and leaves: the chat (joined for the download) as a text file, and back on the floor
    await jaView.getByRole('button', { name: '退出', exact: true }).click();
    const jaDialog = japanese.getByRole('dialog', { name: '退出する前にチャットをダウンロードしますか？' });
    await jaDialog.waitFor();
    await shootStage(japanese, 'ISSUE-15-stage-leave-dialog-ja');
    const [download] = await Promise.all([
      japanese.waitForEvent('download'),
      jaDialog.getByRole('button', { name: 'ダウンロードして退出' }).click(),
    ]);
    expect(download.suggestedFilename()).to.match(/\.txt$/);
    expect(fs.readFileSync((await download.path())!, 'utf8')).to.contain('Slides are on page 12');
    await jaView.waitFor({ state: 'detached' });
    await japanese.locator('[data-room="1"] .floor-room__face--self').waitFor();

    // Mia leaves without downloading: no file, back on the floor
    let downloaded = false;
    english.on('download', () => (downloaded = true));
    await view.getByRole('button', { name: 'Leave', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave without downloading' }).click();
    await view.waitFor({ state: 'detached' });
    await english.locator('[data-room="1"] .floor-room__face--self').waitFor();
    expect(downloaded, 'no download without asking').to.equal(false);

    // save-chat off: Leave leaves at once, no dialog
    await host.getByRole('button', { name: 'プレゼンテーションを終了' }).click();
    await host.getByRole('dialog').getByRole('button', { name: '全員に対して終了' }).click();
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).waitFor();
    await host.getByRole('checkbox', { name: 'チャットを保存' }).uncheck();
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).click();
    await english
      .getByRole('status')
      .filter({ hasText: '山田 太郎 is presenting on the stage' })
      .getByRole('button', { name: 'Join as audience' })
      .click();
    await view.waitFor();
    await view.getByRole('button', { name: 'Leave', exact: true }).click();
    await view.waitFor({ state: 'detached' });
    await english.locator('[data-room="1"] .floor-room__face--self').waitFor();
    expect(await english.getByRole('dialog').count(), 'no dialog with save-chat off').to.equal(0);
  });
});
