import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RecordingDetailDto, RecordingDto } from '@tsudoi/common';
import { probeStreamEnds } from '../server/src/features/recordings/ffmpeg-tools';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { callApi, expectNoHorizontalOverflow, pageFactory, PHONE, type Account } from './support/auth';
import { CHROMIUM_ARGS } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';
import { liveJoined, moveTo } from './support/media';
import { wordAccuracy } from './support/words';

const run = promisify(execFile);
const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
/** Spoken by flite's "slt" voice; short enough that a 10 s recording holds it whole (it loops with 1.5 s of silence). */
const SENTENCE = 'please send the quarterly report to the team by friday';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('recording: a real room recorded, transcribed and summarised', function () {
  this.timeout(420_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let wav: string;
  const pages = pageFactory(() => browser);

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-rec-e2e-'));
    const spoken = path.join(dir, 'spoken.wav');
    wav = path.join(dir, 'mic.wav');
    execFileSync('flite', ['-voice', 'slt', '-t', SENTENCE, '-o', spoken]);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      spoken,
      '-af',
      'apad=pad_dur=1.5',
      '-ar',
      '48000',
      '-ac',
      '1',
      wav,
    ]);
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url }),
      chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`],
      }),
    ]);
  });
  after(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('records 10 s of a room: webm with both streams, a transcript of the spoken sentence, minutes in the room chat', async () => {
    const { owner, member } = await createTeam(server, smtp, 'rec', true);
    const floorId = await createPermanentFloor(server, owner, '録画のフロア');
    const floor = await server.models.Floor.findByPk(floorId);
    await server.models.Company.update({ plan: 'business' }, { where: { id: floor!.companyId } });
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

    const start = host.getByRole('button', { name: '録画' });
    await start.click();
    // the recording runs once the indicator shows (the server answers when ffmpeg listens)
    await host.locator('.recording-indicator').waitFor();
    const startedAt = Date.now();
    await mate.locator('.recording-indicator').waitFor();
    // everyone in the room heard the cue; the mate cannot stop someone else's recording
    await mate.waitForFunction(() => document.documentElement.dataset.recordingCues === '1');
    expect(await mate.locator('.recording-indicator--button').count()).to.equal(0);
    await host.waitForTimeout(3000);
    await host.screenshot({ path: `${SHOTS}17-recording-room-ja-1280x800.png` });
    await host.waitForTimeout(Math.max(0, 10_000 - (Date.now() - startedAt)));
    await host.locator('.recording-indicator--button').click();
    const recordedMs = Date.now() - startedAt;
    await host.locator('.recording-indicator').waitFor({ state: 'detached' });
    await mate.locator('.recording-indicator').waitFor({ state: 'detached' });

    const list = async () =>
      ((await callApi(server, 'GET', `/floors/${floorId}/recordings`, undefined, owner.accessToken)).json
        .data as RecordingDto[]) ?? [];
    const ready = await waitFor('the minutes', async () => {
      const [rec] = await list();
      if (rec && ['failed', 'empty'].includes(rec.transcriptStatus))
        throw new Error(`transcript ${rec.transcriptStatus}`);
      if (rec?.status === 'failed') throw new Error('recording failed');
      return rec?.minutesStatus === 'ready' || rec?.minutesStatus === 'failed' ? rec : undefined;
    });
    expect(ready.minutesStatus).to.equal('ready');

    // the file: ffprobe's duration within 1 s of the time recorded, one VP8 and one Opus stream
    const row = await server.models.Recording.findByPk(ready.id);
    const file = path.join(server.config.dataDir, 'recordings', 'files', row!.storageKey!);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name',
      '-of',
      'json',
      file,
    ]);
    if (process.env.KEEP_RECORDING) fs.copyFileSync(file, process.env.KEEP_RECORDING);
    const probe = JSON.parse(stdout) as {
      format: { duration: string };
      streams: { codec_type: string; codec_name: string }[];
    };
    const seconds = Number(probe.format.duration);
    process.stdout.write(`      recorded ${(recordedMs / 1000).toFixed(2)} s → file ${seconds.toFixed(2)} s\n`);
    expect(Math.abs(seconds - recordedMs / 1000), 'duration difference (s)').to.be.at.most(1);
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).to.deep.equal([
      'audio:opus',
      'video:vp8',
    ]);
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
        const conversation = await server.models.ChatConversation.findOne({ where: { key: `room:${row!.roomId}` } });
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

    // the signed link plays the file with range requests (what <video> asks for)
    const ranged = await fetch(`${server.url}/api${ready.downloadUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).to.equal(206);
    expect((await ranged.arrayBuffer()).byteLength).to.equal(100);
  });
});
