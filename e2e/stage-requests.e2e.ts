import { expect } from 'chai';
import { callApi, named, type Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { member, receiving } from './support/media';
import { openStageFloor, shootStage, stageCast, STAGE_SHOTS } from './support/stage';
import { e2eWorld } from './support/world';

describe('stage: requests to speak and the private waiting room between browsers', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: STAGE_SHOTS });

  it('an audience member asks to speak, the host admits them, and the others decode their video and get their audio', async () => {
    const { owner, mia, ken, floorId } = await stageCast(world, 'stage-req');
    // Mia may speak (speech), Ken is a subhost: he sees and answers requests too
    const permitted = await callApi(
      world.server,
      'POST',
      '/participant/register',
      {
        floorId,
        participants: [
          { email: mia.email, permissions: { speech: true } },
          { email: ken.email, permissions: { subhost: true } },
        ],
      },
      owner.accessToken,
    );
    expect(permitted.status, JSON.stringify(permitted.json)).to.be.oneOf([200, 201]);
    const open = (who: Account, locale: string) => openStageFloor(world, floorId, who, locale, { peers: true });
    const host = await open(owner, 'ja-JP');
    const speaker = await open(mia, 'en-US');
    const subhost = await open(ken, 'en-US');

    // the host starts a private presentation: joining waits in the waiting room until admitted
    await host.getByRole('checkbox', { name: '非公開（入室は主催者が許可）' }).check();
    await host.getByRole('button', { name: 'プレゼンテーションを開始' }).click();
    const hostView = host.getByRole('region', { name: 'プレゼンテーション' });
    await hostView.waitFor();
    const banner = speaker.getByRole('status').filter({ hasText: '山田 太郎 is presenting on the stage' });
    await banner.getByRole('button', { name: 'Join as audience' }).click();
    await speaker.getByText('You are in the waiting room. 山田 太郎 will let you in shortly.').waitFor();
    expect(await speaker.getByRole('region', { name: 'Presentation' }).count(), 'not in before admitted').to.equal(0);
    const requests = hostView.getByRole('region', { name: 'リクエスト' });
    await requests.getByText('入室を待っています').waitFor();
    // turned down the first time: she is told so, in words, and is out of the waiting room
    await requests.getByRole('button', { name: 'Mia Chenさんを拒否' }).click();
    await speaker.locator('.toast').filter({ hasText: '山田 太郎 did not let you in this time.' }).waitFor();
    await speaker
      .getByText('You are in the waiting room. 山田 太郎 will let you in shortly.')
      .waitFor({ state: 'detached' });
    // she asks again, and is let in
    await banner.getByRole('button', { name: 'Join as audience' }).click();
    await speaker.getByText('You are in the waiting room. 山田 太郎 will let you in shortly.').waitFor();
    await requests.getByText('入室を待っています').waitFor();
    await requests.getByRole('button', { name: 'Mia Chenさんを許可' }).click();
    const view = speaker.getByRole('region', { name: 'Presentation' });
    await view.waitFor();
    await speaker.locator('.presentation[data-role="A"]').waitFor();
    expect(await view.getByRole('button', { name: 'Start video' }).count(), 'the audience has no camera').to.equal(0);
    // the subhost joins directly (a floor subhost is let in)
    await subhost
      .getByRole('status')
      .filter({ hasText: 'is presenting on the stage' })
      .getByRole('button', { name: 'Join as audience' })
      .click();
    const subView = subhost.getByRole('region', { name: 'Presentation' });
    await subView.waitFor();

    // Mia asks to speak: the host and the subhost see the request live
    await view.getByRole('button', { name: 'Request to speak' }).click();
    await view.getByRole('button', { name: 'Request sent' }).waitFor();
    await requests.getByText('発言を希望しています').waitFor();
    await subView.getByRole('region', { name: 'Requests' }).getByText('Asks to speak').waitFor();
    await shootStage(host, 'ISSUE-15-stage-requests-ja');
    await shootStage(subhost, 'ISSUE-15-stage-requests-en');
    // declined first: Mia is told so, stays audience, and may ask again
    await requests.getByRole('button', { name: 'Mia Chenさんを拒否' }).click();
    await speaker.locator('.toast').filter({ hasText: '山田 太郎 declined your request to speak.' }).waitFor();
    await speaker.locator('.presentation[data-role="A"]').waitFor();
    await view.getByRole('button', { name: 'Request to speak' }).click();
    await requests.getByText('発言を希望しています').waitFor();

    // admitted: a speaker; her camera and microphone reach the others (decoded frames, audio packets)
    await requests.getByRole('button', { name: 'Mia Chenさんを許可' }).click();
    await speaker.locator('.presentation[data-role="S"]').waitFor();
    await view.getByRole('button', { name: 'Start video' }).click();
    await view.getByRole('button', { name: 'Unmute' }).click();
    await receiving(host, 1, 1, 60_000);
    await receiving(subhost, 1, 1, 60_000);
    await subhost.locator('.presentation__focus .media-tile[data-video="on"]').waitFor();
    await requests.getByText('現在リクエストはありません。').waitFor();
    await shootStage(subhost, 'ISSUE-15-stage-speaker-en');
    // picture-in-picture of the focused contributor: the browser's own floating window plays her video
    await subView.getByRole('button', { name: 'Picture in picture' }).click();
    await subhost.waitForFunction(() => document.pictureInPictureElement instanceof HTMLVideoElement, null, {
      timeout: 10_000,
    });

    // the host sends her back to the audience: she stays, her camera stops, and she is told why
    await subhost.evaluate(() => document.exitPictureInPicture());
    await hostView.getByRole('tab', { name: /参加者/ }).click();
    await hostView.getByRole('button', { name: 'Mia Chenさんを視聴者に戻す' }).click();
    await speaker.locator('.presentation[data-role="A"]').waitFor();
    await speaker.locator('.toast').filter({ hasText: 'You are in the audience now' }).waitFor();
    await subhost.locator('.presentation__focus .media-tile[data-video="on"]').waitFor({ state: 'detached' });
    expect(await view.getByRole('button', { name: 'Start video' }).count(), 'the audience has no camera').to.equal(0);
    // she may speak, so the host may invite her back onto the stage
    await hostView.getByRole('button', { name: 'Mia Chenさんに登壇を依頼' }).waitFor();

    // the host ends it: everyone is back on the floor map
    await hostView.getByRole('button', { name: 'プレゼンテーションを終了' }).click();
    await host.getByRole('dialog').getByRole('button', { name: '全員に対して終了' }).click();
    await view.waitFor({ state: 'detached' });
    await speaker.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await subhost.locator('[data-room="1"] .floor-room__face--self').waitFor();
  });

  it('the floor host holds an all-hands conference: announced, joined as audience in one click, ended for everyone', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'conf-host', false);
    const mia = await member(world.server, world.smtp, owner, 'conf-mia');
    await named(world.server, owner, '山田 太郎');
    await named(world.server, mia, 'Mia Chen');
    const floorId = await createPermanentFloor(world.server, owner, '全社ミーティング');
    const open = (who: Account, locale: string) => openStageFloor(world, floorId, who, locale);
    const host = await open(owner, 'ja-JP');
    const audience = await open(mia, 'en-US');
    // a member without the conference permission is offered no start
    expect(await audience.getByRole('button', { name: 'Start an all-hands conference' }).count()).to.equal(0);
    await host.getByRole('button', { name: '全体カンファレンスを開始' }).click();
    const hostView = host.getByRole('region', { name: 'カンファレンス' });
    await hostView.getByText('山田 太郎さんの全体カンファレンス').waitFor();
    const banner = audience.getByRole('status').filter({ hasText: '山田 太郎 is holding an all-hands conference' });
    await banner.getByRole('button', { name: 'Join as audience' }).click();
    const view = audience.getByRole('region', { name: 'Conference' });
    await view.waitFor();
    await audience.locator('.presentation[data-kind="conference"][data-role="A"]').waitFor();
    await hostView.getByRole('tab', { name: /参加者/ }).click();
    await hostView.getByRole('tabpanel', { name: '参加者' }).getByText('Mia Chen').waitFor();
    await shootStage(host, 'ISSUE-15-conference-host-ja');
    await shootStage(audience, 'ISSUE-15-conference-audience-en');
    await hostView.getByRole('button', { name: 'カンファレンスを終了' }).click();
    await host
      .getByRole('dialog', { name: 'カンファレンスを全員に対して終了しますか？' })
      .getByRole('button', { name: '全員に対して終了' })
      .click();
    await view.waitFor({ state: 'detached' });
    await audience.locator('[data-room="1"] .floor-room__face--self').waitFor();
  });
});
