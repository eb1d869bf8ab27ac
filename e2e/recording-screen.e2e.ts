import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { probeStreamEnds } from '../server/src/features/recordings/ffmpeg-tools';
import { liveJoined, moveTo } from './support/media';
import { finishedRecording, probeFile, recordingFloor, startRecording, stopRecording } from './support/recording';
import { e2eWorld } from './support/world';

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

/**
 * The recorder's segment change for a screen share, end to end: the host
 * records their camera, shares their screen (the recording shows the screen
 * instead), stops sharing (the camera again). The file holds all three parts,
 * each with its own picture, and both streams run its whole length.
 */
describe('recording: a screen share switched on and off mid-recording', function () {
  this.timeout(420_000);
  const world = e2eWorld({
    browserArgs: () => {
      // a red camera (Chromium's fake screen is the same green picture as its fake camera)
      const camera = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-rec-scr-')), 'camera.y4m');
      execFileSync('ffmpeg', [
        ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0xc03020:s=320x240:r=10:d=1'],
        ...['-pix_fmt', 'yuv420p', '-y', camera],
      ]);
      return [`--use-file-for-fake-video-capture=${camera}`];
    },
  });

  it('the file holds the camera, then the screen, then the camera again (one segment each), sound and picture to the end', async () => {
    const { server, smtp, pages } = world;
    const { owner, floorId } = await recordingFloor(server, smtp, 'scr', false);
    const host = await pages.open('en-US', undefined, owner);
    await host.goto(`${server.url}/floors/${floorId}/live`);
    await host.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await liveJoined(host);
    await moveTo(host, 9);
    await host.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 60_000 });
    await host.locator('.media-tile--local[data-video="on"]').first().waitFor({ timeout: 30_000 });

    const startedAt = await startRecording(host);
    await host.waitForTimeout(7000);

    await host.getByRole('button', { name: 'Share screen' }).click();
    await host.getByRole('button', { name: 'Stop sharing' }).waitFor();
    const sharedAt = Date.now() - startedAt;
    await host.waitForTimeout(9000);

    await host.getByRole('button', { name: 'Stop sharing' }).click();
    await host.getByRole('button', { name: 'Share screen' }).waitFor();
    const unsharedAt = Date.now() - startedAt;
    await host.waitForTimeout(8000);
    const recordedMs = await stopRecording(host, startedAt);

    const { row, file } = await finishedRecording(
      server,
      floorId,
      owner,
      'the recording',
      (rec) => rec.status === 'ready',
    );
    if (process.env.KEEP_RECORDING) fs.copyFileSync(file, process.env.KEEP_RECORDING);
    const { seconds, streams } = await probeFile(file);
    const ends = await probeStreamEnds(file);
    const segments = JSON.parse(row.segments ?? '[]') as { offsetMs: number; durationMs: number }[];
    // the middle of each segment's picture
    const colours = await Promise.all(segments.map((s) => meanColour(file, (s.offsetMs + s.durationMs / 2) / 1000)));
    process.stdout.write(
      `      recorded ${(recordedMs / 1000).toFixed(2)} s → file ${seconds.toFixed(2)} s (audio ${ends.audio} ms, video ${ends.video} ms); shared at ${sharedAt} ms, stopped at ${unsharedAt} ms\n` +
        `      segments ${JSON.stringify(segments.map((s) => [s.offsetMs, s.durationMs]))}, colours ${JSON.stringify(colours)}\n`,
    );

    expect(streams).to.deep.equal(['audio:opus', 'video:vp8']);
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
