import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { RecordingDetailDto } from '@tsudoi/common';
import { probeStreamEnds } from '../server/src/features/recordings/ffmpeg-tools';
import { callApi, expectNoHorizontalOverflow, PHONE, type Account } from './support/auth';
import { liveJoined, moveTo } from './support/media';
import {
  finishedRecording,
  probeFile,
  recordingFloor,
  spokenWav,
  startRecording,
  stopRecording,
  waitFor,
} from './support/recording';
import { e2eWorld } from './support/world';
import { wordAccuracy } from './support/words';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
/** Spoken by flite's "slt" voice; short enough that a 10 s recording holds it whole (it loops with 1.5 s of silence). */
const SENTENCE = 'please send the quarterly report to the team by friday';

describe('recording: a real room recorded, transcribed and summarised', function () {
  this.timeout(420_000);
  const world = e2eWorld({
    shots: SHOTS,
    browserArgs: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-rec-e2e-'));
      return [`--use-file-for-fake-audio-capture=${spokenWav(dir, 'mic', 'slt', SENTENCE)}`];
    },
  });

  it('records 10 s of a room: webm with both streams, a transcript of the spoken sentence, minutes in the room chat', async () => {
    const { server, smtp, pages } = world;
    const { owner, member, floorId } = await recordingFloor(server, smtp, 'rec', true);
    const open = async (who: Account, locale = 'ja-JP') => {
      const page = await pages.open(locale, undefined, who);
      await page.goto(`${server.url}/floors/${floorId}/live`);
      await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
      await liveJoined(page);
      await moveTo(page, 9);
      await page.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 30_000 });
      return page;
    };
    const host = await open(owner);
    const mate = await open(member!, 'en-US');
    // the mate listens only (one voice in the mix); they see no Record button (no recording permission)
    await mate.getByRole('button', { name: 'Mute', exact: true }).click();
    expect(await mate.locator('.recording-start').count()).to.equal(0);
    await host.waitForTimeout(1500);
    // recording is desktop only (record 0432): a phone-sized window offers no Record button
    await host.setViewportSize({ width: 390, height: 844 });
    await host.locator('.media-stage[data-status="connected"]').waitFor();
    // (the page re-renders for the new width after the browser tells it the media query changed)
    await host.locator('.recording-start').waitFor({ state: 'detached', timeout: 5000 });
    await host.setViewportSize({ width: 1280, height: 800 });

    const startedAt = await startRecording(host, '録画');
    await mate.locator('.recording-indicator').waitFor();
    // everyone in the room heard the cue; the mate cannot stop someone else's recording
    await mate.waitForFunction(() => document.documentElement.dataset.recordingCues === '1');
    expect(await mate.locator('.recording-indicator--button').count()).to.equal(0);
    await host.waitForTimeout(3000);
    await host.screenshot({ path: `${SHOTS}17-recording-room-ja-1280x800.png` });
    await host.waitForTimeout(Math.max(0, 10_000 - (Date.now() - startedAt)));
    const recordedMs = await stopRecording(host, startedAt);
    await mate.locator('.recording-indicator').waitFor({ state: 'detached' });

    const {
      rec: ready,
      row,
      file,
    } = await finishedRecording(
      server,
      floorId,
      owner,
      'the minutes',
      (rec) => {
        if (['failed', 'empty'].includes(rec.transcriptStatus)) throw new Error(`transcript ${rec.transcriptStatus}`);
        return rec.minutesStatus === 'ready' || rec.minutesStatus === 'failed';
      },
      180_000,
    );
    expect(ready.minutesStatus).to.equal('ready');

    // the file: ffprobe's duration within 1 s of the time recorded, one VP8 and one Opus stream
    const { seconds, streams } = await probeFile(file);
    if (process.env.KEEP_RECORDING) fs.copyFileSync(file, process.env.KEEP_RECORDING);
    process.stdout.write(`      recorded ${(recordedMs / 1000).toFixed(2)} s → file ${seconds.toFixed(2)} s\n`);
    expect(Math.abs(seconds - recordedMs / 1000), 'duration difference (s)').to.be.at.most(1);
    expect(streams).to.deep.equal(['audio:opus', 'video:vp8']);
    // both streams last the whole file (the microphone's DTX pauses send no packets: they are silence)
    const ends = await probeStreamEnds(file);
    process.stdout.write(`      streams end: audio ${ends.audio} ms, video ${ends.video} ms\n`);
    expect(Math.abs(ends.audio! - seconds * 1000), 'audio vs file (ms)').to.be.at.most(1000);
    expect(Math.abs(ends.video! - seconds * 1000), 'video vs file (ms)').to.be.at.most(1000);

    // the transcript: at least 90 % of the sentence's words, and the speaker is the host
    const detail = (await callApi(server, 'GET', `/recordings/${ready.id}`, undefined, owner.accessToken)).json
      .data as RecordingDetailDto;
    const heard = detail.transcript!.map((s) => s.text).join(' ');
    const accuracy = wordAccuracy(SENTENCE, heard);
    process.stdout.write(`      heard: "${heard}" → word accuracy ${(accuracy * 100).toFixed(0)} %\n`);
    expect(accuracy).to.be.at.least(0.9);
    expect(detail.transcript!.some((s) => s.speakerName === 'Hanako Sato')).to.equal(true);
    expect(detail.minutes!.actionItems.join(' ')).to.contain('friday');

    // the minutes in the room chat, with a link to the transcript page
    const message = await waitFor(
      'the minutes message',
      async () => {
        const conversation = await server.models.ChatConversation.findOne({ where: { key: `room:${row.roomId}` } });
        const last =
          conversation &&
          (await server.models.ChatMessage.findOne({
            where: { conversationId: conversation.id },
            order: [['id', 'DESC']],
          }));
        return last ?? undefined;
      },
      10_000,
    );
    expect(message.content).to.contain(`/floors/${floorId}/recordings/${ready.id}`);
    await host.locator('.floor-chat__launcher').click();
    await host
      .locator('aside.floor-chat')
      .getByRole('tab', { name: /テーブルB/ })
      .click();
    const posted = host.locator('section.chat-thread .chat-rich', { hasText: '議事録ができました' }).first();
    await posted.waitFor();
    expect(await posted.locator('a').getAttribute('href')).to.contain(`/floors/${floorId}/recordings/${ready.id}`);
    await host.screenshot({ path: `${SHOTS}17-minutes-chat-ja-1280x800.png` });

    // the list and the transcript page, ja and en, desktop and phone
    const shoot = async (page: Page, name: string) => {
      await page.goto(`${server.url}/floors/${floorId}/recordings`);
      await page.locator('.recording-row').first().waitFor();
      await page.screenshot({ path: `${SHOTS}17-recordings-list-${name}.png`, fullPage: true });
      await page.goto(`${server.url}/floors/${floorId}/recordings/${ready.id}`);
      await page.locator('.transcript__line').first().waitFor();
      await page.locator('.minutes-section').first().waitFor();
      // the offline engine understands English only: the page says a Japanese meeting needs a Whisper server
      await page
        .getByTestId('transcript-language-hint')
        .filter({ hasText: /Whisper/ })
        .waitFor();
      await page.screenshot({ path: `${SHOTS}17-recording-transcript-${name}.png`, fullPage: true });
    };
    await shoot(host, 'ja-1280x800');
    await shoot(mate, 'en-1280x800');
    const phone = await pages.open('ja-JP', PHONE, owner);
    await shoot(phone, 'ja-390x844');
    await expectNoHorizontalOverflow(phone);
    const phoneEn = await pages.open('en-US', PHONE, member!);
    await shoot(phoneEn, 'en-390x844');
    await expectNoHorizontalOverflow(phoneEn);

    // the player's link (this browser's own, with its cookie) plays the file; the same URL elsewhere does not
    const src = await host.locator('video.recording-player').evaluate(async (v: HTMLVideoElement) => {
      for (let i = 0; i < 100 && v.readyState < 1; i++) await new Promise((r) => setTimeout(r, 100));
      return v.readyState >= 1 && v.duration > 0 ? v.currentSrc : null;
    });
    expect(src, 'the player loaded the file').to.be.a('string');
    expect((await fetch(src!, { headers: { range: 'bytes=0-99' } })).status).to.equal(404);
    void ready;
  });
});
