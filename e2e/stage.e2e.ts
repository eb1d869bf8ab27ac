import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type Account } from './support/auth';
import { receiving } from './support/media';
import { openStageFloor, shootStage, stageCast, STAGE_SHOTS } from './support/stage';
import { e2eWorld } from './support/world';

/** The Q&A list's question texts, top first. */
const order = (page: Page) => page.locator('.qa__item .qa__text').allTextContents();

describe('stage: a presentation with Q&A between browsers', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: STAGE_SHOTS });

  it('the host starts, members join as audience in one click, ask and vote live, the host hides one, removes one and ends it', async () => {
    const { owner, mia, ken, floorId } = await stageCast(world, 'stage', '佐藤 健');
    const open = (who: Account, locale: string) => openStageFloor(world, floorId, who, locale, { peers: true });
    const host = await open(owner, 'ja-JP');
    const audience = await open(mia, 'en-US');
    const voter = await open(ken, 'ja-JP');

    // a member without the speech permission is offered no start button
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).waitFor();
    expect(await audience.getByRole('button', { name: 'Start a presentation' }).count()).to.equal(0);

    // the host starts with her camera on: it stays on (issue 28: starting does not turn the host's devices off)
    await host.getByRole('button', { name: 'ビデオを開始' }).click();
    await host.getByRole('button', { name: 'ビデオを停止' }).waitFor();
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).click();
    await host.getByRole('region', { name: 'プレゼンテーション' }).waitFor();
    await host.getByRole('button', { name: 'ビデオを停止' }).waitFor();
    // screen share is desktop only on the stage too (spec §6): a phone-sized window offers no share button
    await host.getByRole('button', { name: '画面を共有' }).waitFor();
    await host.setViewportSize({ width: 390, height: 844 });
    await host.getByRole('button', { name: '画面を共有' }).waitFor({ state: 'detached', timeout: 5000 });
    await host.setViewportSize({ width: 1280, height: 800 });
    await host.locator('[data-room="7"]').waitFor({ state: 'detached' }); // the map gives way to the view
    const banner = audience.getByRole('status').filter({ hasText: '山田 太郎 is presenting on the stage' });
    await banner.waitFor();
    await shootStage(audience, 'ISSUE-15-stage-announced-en');

    // one click: in the presentation as audience, moved onto the stage
    await banner.getByRole('button', { name: 'Join as audience' }).click();
    const view = audience.getByRole('region', { name: 'Presentation' });
    await view.waitFor();
    await view.getByText('Audience', { exact: true }).first().waitFor();
    expect(await view.getByRole('button', { name: 'Start video' }).count(), 'the audience has no camera').to.equal(0);
    await voter
      .getByRole('status')
      .filter({ hasText: '山田 太郎さんがステージで発表中です' })
      .getByRole('button', { name: '視聴者として参加' })
      .click();
    await voter.getByRole('region', { name: 'プレゼンテーション' }).waitFor();

    // the audience asks; everyone sees the questions live
    await view.getByRole('textbox', { name: 'Ask the speakers' }).fill('Will the slides be shared after the talk?');
    await view.getByRole('button', { name: 'Ask', exact: true }).click();
    await view.getByRole('textbox', { name: 'Ask the speakers' }).fill('What is the plan for the Osaka office?');
    await view.getByRole('textbox', { name: 'Ask the speakers' }).press('Enter');
    await voter.locator('.qa__item').nth(1).waitFor();
    expect(await order(voter)).to.deep.equal([
      'Will the slides be shared after the talk?',
      'What is the plan for the Osaka office?',
    ]);

    // another votes the second one up: the order changes for everyone
    await voter.locator('.qa__item').nth(1).getByRole('button', { name: '賛成票' }).click();
    await host.locator('.qa__item').first().filter({ hasText: 'Osaka' }).waitFor();
    await audience.locator('.qa__item').first().filter({ hasText: 'Osaka' }).waitFor();
    await audience.locator('.qa__item[data-score="1"]').waitFor();
    // voting again the same way does not add; changing it replaces
    await voter.locator('.qa__item').first().getByRole('button', { name: '賛成票' }).click();
    await voter.waitForTimeout(500);
    await audience.locator('.qa__item[data-score="1"]').waitFor();
    // the speaker's camera (on since before she started): the audience sees it large (decoded frames, no
    // audio: the mic is off)
    await receiving(audience, 1, 0);
    await receiving(voter, 1, 0);
    await audience.locator('.presentation__focus .media-tile[data-video="on"]').waitFor();
    await shootStage(audience, 'ISSUE-15-stage-qa-en');
    await shootStage(voter, 'ISSUE-15-stage-qa-ja');

    // the host sees the participants and hides a question: it leaves every list
    await host.getByRole('tab', { name: /参加者/ }).click();
    await host.getByRole('tabpanel', { name: '参加者' }).getByText('Mia Chen').waitFor();
    // Mia has no speech permission: the host is not offered to invite her to speak (the server would refuse)
    expect(await host.getByRole('button', { name: 'Mia Chenさんに登壇を依頼' }).count()).to.equal(0);
    await shootStage(host, 'ISSUE-15-stage-people-ja');
    await host.getByRole('tab', { name: /Q&A/ }).click();
    expect(await audience.locator('.qa__hide').count(), 'only the host hides').to.equal(0);
    await host
      .locator('.qa__item')
      .filter({ hasText: 'slides' })
      .getByRole('button', { name: 'この質問を非表示' })
      .click();
    await audience.locator('.qa__item').filter({ hasText: 'slides' }).waitFor({ state: 'detached' });
    await voter.locator('.qa__item').filter({ hasText: 'slides' }).waitFor({ state: 'detached' });
    expect(await order(audience)).to.deep.equal(['What is the plan for the Osaka office?']);
    // the host marks it answered: everyone sees it so; only the host has the pin and answer tools
    await host
      .locator('.qa__item')
      .filter({ hasText: 'Osaka' })
      .getByRole('button', { name: '回答済みにする' })
      .click();
    await audience.locator('.qa__item--answered').filter({ hasText: 'Osaka' }).getByText('Answered').waitFor();
    expect(await audience.locator('.qa__tool').count(), 'only the host marks questions').to.equal(0);
    await shootStage(host, 'ISSUE-15-stage-host-ja');

    // the host removes one person: they are back on the floor, the others stay
    await host.getByRole('tab', { name: /参加者/ }).click();
    await host.getByRole('button', { name: '佐藤 健さんをプレゼンテーションから退出させる' }).click();
    await voter.getByRole('region', { name: 'プレゼンテーション' }).waitFor({ state: 'detached' });
    // the server moved them back to where they came from, and they are told who took them out
    await voter.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await voter.getByText('山田 太郎さんによってプレゼンテーションから退出させられました。').waitFor();
    await shootStage(voter, 'ISSUE-15-stage-removed-ja');
    await host.getByRole('tabpanel', { name: '参加者' }).getByText('佐藤 健').waitFor({ state: 'detached' });
    await view.waitFor();

    // the host ends it, after saying so (asked first; cancelling changes nothing): everyone is back on the map
    await host.getByRole('button', { name: 'プレゼンテーションを終了' }).click();
    const ending = host.getByRole('dialog', { name: 'プレゼンテーションを全員に対して終了しますか？' });
    await ending.getByText('自分だけ抜けて続けてもらうには「退出」を選んでください。').waitFor();
    await ending.getByRole('button', { name: 'キャンセル' }).click();
    await ending.waitFor({ state: 'hidden' });
    await audience.getByRole('region', { name: 'Presentation' }).waitFor();
    await host.getByRole('button', { name: 'プレゼンテーションを終了' }).click();
    await ending.getByRole('button', { name: '全員に対して終了' }).click();
    await audience.getByRole('region', { name: 'Presentation' }).waitFor({ state: 'detached' });
    await audience.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await host.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).waitFor();
    // everyone's devices are as they were before: the host's camera on, the audience's off
    await host.getByRole('button', { name: 'ビデオを停止' }).waitFor();
    await audience.getByRole('button', { name: 'Start video' }).waitFor();
  });
});
