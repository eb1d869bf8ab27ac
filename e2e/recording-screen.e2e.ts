import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { chromium, type Browser } from 'playwright-core';
import type { RecordingDto } from '@tsudoi/common';
import { probeStreamEnds } from '../server/src/features/recordings/ffmpeg-tools';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { callApi, pageFactory } from './support/auth';
import { CHROMIUM_ARGS } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';
import { liveJoined, moveTo } from './support/media';

const run = promisify(execFile);

/** The mean colour (R, G, B) of the picture at `seconds` into the file: one frame scaled to one pixel. */
async function meanColour(file: string, seconds: number): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1'],
      ...['-vf', 'scale=1:1:flags=area', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer' },
  );
  return [...stdout.subarray(0, 3)];
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));
/** The recorder's background where there is no picture (segment-sdp.ts). */
const BACKGROUND = [0x1d, 0x23, 0x30];

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 240_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The recorder's segment change for a screen share, end to end: the host
 * records their camera, shares their screen (the recording shows the screen
 * instead), stops sharing (the camera again). The file holds all three parts,
 * each with its own picture, and both streams run its whole length.
 */
describe('recording: a screen share switched on and off mid-recording', function () {
  this.timeout(420_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  const pages = pageFactory(() => browser);

  before(async () => {
    // a red camera (Chromium's fake screen is the same green picture as its fake camera)
    const camera = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-rec-scr-')), 'camera.y4m');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0xc03020:s=320x240:r=10:d=1'],
      ...['-pix_fmt', 'yuv420p', '-y', camera],
    ]);
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url }),
      chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${camera}`],
      }),
    ]);
  });
  after(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('the file holds the camera, then the screen, then the camera again (one segment each), sound and picture to the end', async () => {
    const { owner } = await createTeam(server, smtp, 'scr', false);
    const floorId = await createPermanentFloor(server, owner, '録画のフロア');
    const floor = await server.models.Floor.findByPk(floorId);
    await server.models.Company.update({ plan: 'business' }, { where: { id: floor!.companyId } });
    const host = await pages.open('en-US', undefined, owner);
    await host.goto(`${server.url}/floors/${floorId}/live`);
    await host.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await liveJoined(host);
    await moveTo(host, 9);
    await host.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 60_000 });
    await host.locator('.media-tile--local[data-video="on"]').first().waitFor({ timeout: 30_000 });

    await host.getByRole('button', { name: 'Record' }).click();
    await host.locator('.recording-indicator').waitFor();
    const startedAt = Date.now();
    await host.waitForTimeout(7000);

    await host.getByRole('button', { name: 'Share screen' }).click();
    await host.getByRole('button', { name: 'Stop sharing' }).waitFor();
    const sharedAt = Date.now() - startedAt;
    await host.waitForTimeout(9000);

    await host.getByRole('button', { name: 'Stop sharing' }).click();
    await host.getByRole('button', { name: 'Share screen' }).waitFor();
    const unsharedAt = Date.now() - startedAt;
    await host.waitForTimeout(8000);
    await host.locator('.recording-indicator--button').click();
    const recordedMs = Date.now() - startedAt;
    await host.locator('.recording-indicator').waitFor({ state: 'detached' });

    const list = async () =>
      ((await callApi(server, 'GET', `/floors/${floorId}/recordings`, undefined, owner.accessToken)).json
        .data as RecordingDto[]) ?? [];
    const done = await waitFor('the recording', async () => {
      const [rec] = await list();
      if (rec?.status === 'failed') throw new Error('recording failed');
      return rec?.status === 'ready' ? rec : undefined;
    });
    const row = (await server.models.Recording.findByPk(done.id))!;
    const file = `${server.config.dataDir}/recordings/files/${row.storageKey!}`;
    if (process.env.KEEP_RECORDING) fs.copyFileSync(file, process.env.KEEP_RECORDING);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name', '-of', 'json', file],
    ]);
    const probe = JSON.parse(stdout) as {
      format: { duration: string };
      streams: { codec_type: string; codec_name: string }[];
    };
    const seconds = Number(probe.format.duration);
    const ends = await probeStreamEnds(file);
    const segments = JSON.parse(row.segments ?? '[]') as { offsetMs: number; durationMs: number }[];
    // the middle of each segment's picture
    const colours = await Promise.all(segments.map((s) => meanColour(file, (s.offsetMs + s.durationMs / 2) / 1000)));
    process.stdout.write(
      `      recorded ${(recordedMs / 1000).toFixed(2)} s → file ${seconds.toFixed(2)} s (audio ${ends.audio} ms, video ${ends.video} ms); shared at ${sharedAt} ms, stopped at ${unsharedAt} ms\n` +
        `      segments ${JSON.stringify(segments.map((s) => [s.offsetMs, s.durationMs]))}, colours ${JSON.stringify(colours)}\n`,
    );

    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).to.deep.equal([
      'audio:opus',
      'video:vp8',
    ]);
    expect(Math.abs(seconds - recordedMs / 1000), 'file vs time recorded (s)').to.be.at.most(1.5);
    expect(Math.abs(ends.audio! - seconds * 1000), 'audio vs file (ms)').to.be.at.most(1000);
    expect(Math.abs(ends.video! - seconds * 1000), 'video vs file (ms)').to.be.at.most(1000);
    // camera, screen, camera: three segments, cut near where the share started and ended
    expect(segments, 'segments').to.have.length(3);
    const [camera, screen, cameraAgain] = segments as [
      (typeof segments)[0],
      (typeof segments)[0],
      (typeof segments)[0],
    ];
    expect(screen.offsetMs, 'screen segment starts (ms)').to.be.closeTo(sharedAt, 4000);
    expect(cameraAgain.offsetMs, 'camera again starts (ms)').to.be.closeTo(unsharedAt, 4000);
    expect(screen.durationMs, 'screen segment length (ms)').to.be.at.least(5000);
    expect(camera.durationMs + screen.durationMs + cameraAgain.durationMs, 'segments cover the file').to.be.closeTo(
      seconds * 1000,
      1000,
    );
    // each part shows its picture (not the empty background): the red camera, the green screen, the camera
    for (const colour of colours) expect(distance(colour, BACKGROUND), 'a picture, not the background').to.be.above(20);
    const [red, green, redAgain] = colours as [number[], number[], number[]];
    expect(red[0]! - red[1]!, 'the camera (red)').to.be.above(40);
    expect(green[1]! - green[0]!, 'the screen (green)').to.be.above(40);
    expect(redAgain[0]! - redAgain[1]!, 'the camera again (red)').to.be.above(40);
  });
});
