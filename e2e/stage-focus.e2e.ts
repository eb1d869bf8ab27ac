import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { callApi, type Account } from './support/auth';
import { receiving } from './support/media';
import { openStageFloor, shootStage, stageCast, STAGE_SHOTS } from './support/stage';
import { e2eWorld } from './support/world';

describe('stage: the host picks what everyone sees', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: STAGE_SHOTS });

  it('the host shows a speaker large for everyone and opens the participant list for everyone', async () => {
    const { owner, mia, ken, floorId } = await stageCast(world, 'stage-focus');
    const permitted = await callApi(
      world.server,
      'POST',
      '/participant/register',
      { floorId, participants: [{ email: mia.email, permissions: { speech: true } }] },
      owner.accessToken,
    );
    expect(permitted.status, JSON.stringify(permitted.json)).to.be.oneOf([200, 201]);
    const open = (who: Account, locale: string) => openStageFloor(world, floorId, who, locale, { peers: true });
    const host = await open(owner, 'ja-JP');
    const speaker = await open(mia, 'en-US');
    const audience = await open(ken, 'en-US');

    // the host and Mia speak with their cameras on; Ken watches
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).click();
    const hostView = host.getByRole('region', { name: 'プレゼンテーション' });
    await hostView.waitFor();
    await speaker
      .getByRole('status')
      .filter({ hasText: '山田 太郎 is presenting on the stage' })
      .getByRole('button', { name: 'Join as speaker' })
      .click();
    const speakerView = speaker.getByRole('region', { name: 'Presentation' });
    await speaker.locator('.presentation[data-role="S"]').waitFor();
    await audience
      .getByRole('status')
      .filter({ hasText: '山田 太郎 is presenting on the stage' })
      .getByRole('button', { name: 'Join as audience' })
      .click();
    const view = audience.getByRole('region', { name: 'Presentation' });
    await view.waitFor();
    await hostView.getByRole('button', { name: 'ビデオを開始' }).click();
    await speakerView.getByRole('button', { name: 'Start video' }).click();
    await receiving(audience, 2, 0, 60_000);
    const large = (page: Page) => page.locator('.presentation__focus .media-tile[data-video="on"]');
    // with no pick, the host's camera is large
    await large(audience).filter({ hasText: '山田 太郎' }).waitFor();
    expect(
      await view.getByRole('button', { name: /Show .* large for everyone/ }).count(),
      'only the host picks',
    ).to.equal(0);

    // the host shows Mia large: everyone's large tile is hers, marked as the host's pick
    await hostView.getByRole('button', { name: 'Mia Chenさんを全員に大きく表示' }).click();
    await large(audience).filter({ hasText: 'Mia Chen' }).waitFor();
    await view.locator('.presentation__focus').getByText('Shown large by the host').waitFor();
    await large(host).filter({ hasText: 'Mia Chen' }).waitFor();
    await shootStage(audience, 'ISSUE-15-stage-focus-en');
    await shootStage(host, 'ISSUE-15-stage-focus-ja');

    // given back: each client picks again (the host's camera)
    await hostView.getByRole('button', { name: '大きく表示をやめる' }).click();
    await large(audience).filter({ hasText: '山田 太郎' }).waitFor();
    expect(await view.getByText('Shown large by the host').count()).to.equal(0);

    // the host opens the participant list for everyone: Ken's sidebar turns to it
    await view.getByRole('tab', { name: /Q&A/ }).click();
    await hostView.getByRole('tab', { name: /参加者/ }).click();
    // the box follows the server's state (checked once everyone is told)
    const showAll = hostView.getByRole('checkbox', { name: 'この一覧を全員に表示' });
    await showAll.click();
    await hostView.locator('.stage-people__show-all input:checked').waitFor();
    await view.getByRole('tabpanel', { name: 'Participants' }).getByText('Mia Chen').waitFor();
    expect(await view.getByRole('tab', { name: /Participants/ }).getAttribute('aria-selected')).to.equal('true');
    expect(await view.getByRole('checkbox', { name: 'Show this list to everyone' }).count()).to.equal(0);

    // the host shares her screen at 1280×800: it is shown large, and every control stays on screen for everyone
    await hostView.getByRole('button', { name: '画面を共有' }).click();
    await view.locator('.presentation__focus .media-tile[data-source="screen"][data-video="on"]').waitFor({
      timeout: 30_000,
    });
    for (const [page, end] of [
      [host, 'プレゼンテーションを終了'],
      [audience, 'Leave'],
    ] as const) {
      const controls = page.locator('.presentation__controls');
      const box = (await controls.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.y + box.height, 'the controls above the window bottom').to.be.at.most(viewport.height);
      expect(box.x + box.width, 'the controls inside the window').to.be.at.most(viewport.width);
      expect(await controls.getByRole('button', { name: end }).isVisible()).to.equal(true);
    }
    await shootStage(host, 'ISSUE-28-stage-screen-ja');
    await hostView.getByRole('button', { name: '共有を停止' }).click();
  });
});
