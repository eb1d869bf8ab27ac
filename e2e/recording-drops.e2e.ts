import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { probeStreamEnds } from '../server/src/features/recordings/ffmpeg-tools';
import { expectNoHorizontalOverflow, PHONE, type Account } from './support/auth';
import { twoVoices } from './support/two-voices';
import { liveJoined, moveTo } from './support/media';
import {
  finishedRecording,
  meanVolume,
  probeFile,
  recordingFloor,
  startRecording,
  stopRecording,
} from './support/recording';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * A recording survives its room's people dropping out and coming back (issue
 * 25 §10): two people recorded, both pages gone (a reload, a network blip)
 * and back 14 s later, talking on. Every second recorded before the drop is
 * in the file, the gap shows as what it was (silence and the dark picture),
 * and the duration and status tell the truth.
 */
describe('recording: everyone drops out and comes back', function () {
  this.timeout(480_000);
  const world = twoVoices();
  const { hostPages, otherPages: matePages } = world;
  before(() => fs.mkdirSync(SHOTS, { recursive: true }));

  /** What a drop did, in ms since the recording started: when it began, when the pages were back. */
  interface Drop {
    dropAt: number;
    backFrom: number;
    backAt: number;
  }

  /**
   * Two people recorded in room 9 for 8 s; `drop` takes both away and brings them back; they talk on for 8 s and the
   * host stops. Answers the finished file's facts.
   */
  async function scene(
    label: string,
    drop: (host: Page, mate: Page, enter: (p: Page) => Promise<void>, startedAt: number) => Promise<Drop>,
  ) {
    const { server, smtp } = world;
    const { owner, member, floorId } = await recordingFloor(server, smtp, label, true);
    const connected = (page: Page) =>
      page.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 60_000 });
    const enter = async (page: Page) => {
      await page.goto(`${server.url}/floors/${floorId}/live`);
      await liveJoined(page);
      if ((await page.locator('[data-room="9"] .floor-room__face--self').count()) === 0) await moveTo(page, 9);
      await connected(page);
    };
    const open = async (pages: typeof hostPages, who: Account) => {
      const page = await pages.open('en-US', undefined, who);
      await enter(page);
      return page;
    };
    const host = await open(hostPages, owner);
    const mate = await open(matePages, member!);
    await host.waitForTimeout(1500);

    const startedAt = await startRecording(host);
    await host.waitForTimeout(8000);
    const marks = await drop(host, mate, enter, startedAt);
    await host.locator('.recording-indicator').waitFor();
    await host.waitForTimeout(8000);
    const recordedMs = await stopRecording(host, startedAt);

    const { row, file } = await finishedRecording(
      server,
      floorId,
      owner,
      'the recording',
      (rec) => rec.status === 'ready',
    );
    if (process.env.KEEP_RECORDING) fs.copyFileSync(file, `${process.env.KEEP_RECORDING}-${label}.webm`);
    const { seconds, streams } = await probeFile(file);
    const ends = await probeStreamEnds(file);
    const segments = JSON.parse(row.segments ?? '[]') as {
      offsetMs: number;
      durationMs: number;
      speakers: number[];
      gap?: true;
    }[];
    const { dropAt, backFrom, backAt } = marks;
    const loud = {
      before: await meanVolume(file, 500, dropAt - 500),
      gap: backFrom - dropAt > 3000 ? await meanVolume(file, dropAt + 1500, backFrom - 500) : null,
      after: await meanVolume(file, backAt + 1500, recordedMs - 500),
    };
    process.stdout.write(
      `      recorded ${(recordedMs / 1000).toFixed(2)} s (drop at ${dropAt} ms, back ${backFrom}-${backAt} ms) → file ${seconds.toFixed(2)} s, row ${row.durationMs} ms\n` +
        `      streams end: audio ${ends.audio} ms, video ${ends.video} ms\n` +
        `      segments ${JSON.stringify(segments.map((seg) => [seg.offsetMs, seg.durationMs, seg.speakers.length, seg.gap ? 'gap' : '']))}\n` +
        `      mean volume (dB): before ${loud.before}, gap ${loud.gap}, after ${loud.after}\n`,
    );
    expect(streams).to.deep.equal(['audio:opus', 'video:vp8']);
    expect(Math.abs(seconds - recordedMs / 1000), 'file vs time recorded (s)').to.be.at.most(2);
    expect(Math.abs((row.durationMs ?? 0) / 1000 - seconds), 'row vs file (s)').to.be.at.most(0.5);
    expect(Math.abs(ends.audio! - seconds * 1000), 'audio vs file (ms)').to.be.at.most(1000);
    expect(Math.abs(ends.video! - seconds * 1000), 'video vs file (ms)').to.be.at.most(1000);
    expect(loud.before, 'before the drop').to.be.greaterThan(-45);
    expect(loud.after, 'after the return').to.be.greaterThan(-45);
    expect(row.status).to.equal('ready');
    expect(row.interrupted).to.equal(false);
    return { ...marks, loud, segments, floorId, owner, id: row.id };
  }

  it('both pages reload and return 14 s later: the file holds before, the gap and after, at its true length', async () => {
    const { dropAt, backFrom, backAt, loud, segments, floorId, owner, id } = await scene(
      'drop',
      async (host, mate, enter, startedAt) => {
        const dropAt = Date.now() - startedAt;
        await Promise.all([host.goto('about:blank'), mate.goto('about:blank')]);
        await host.waitForTimeout(14_000);
        const backFrom = Date.now() - startedAt;
        await Promise.all([enter(host), enter(mate)]);
        return { dropAt, backFrom, backAt: Date.now() - startedAt };
      },
    );
    // the gap is silence, marked where it is
    expect(loud.gap, 'the gap').to.be.lessThan(-70);
    const gap = segments.find((seg) => seg.gap);
    expect(gap, 'a gap segment').to.not.equal(undefined);
    expect(gap!.offsetMs).to.be.within(dropAt - 1000, dropAt + 3000);
    expect(gap!.offsetMs + gap!.durationMs).to.be.within(backFrom - 1000, backAt + 4000);
    const { server } = world;
    // the recording's page says where the gap is, in ja and en, desktop and phone
    for (const [locale, viewport, name] of [
      ['ja-JP', undefined, 'ja-1280x800'],
      ['en-US', PHONE, 'en-390x844'],
    ] as const) {
      const page = await hostPages.open(locale, viewport, owner);
      await page.goto(`${server.url}/floors/${floorId}/recordings/${id}`);
      const note = page.locator('.recording-detail__gap');
      await note.waitFor();
      expect(await note.innerText()).to.match(
        locale === 'en-US' ? /From 00:(0|1)\d to 00:2\d nobody/ : /00:(0|1)\d〜00:2\d/,
      );
      if (viewport) await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${SHOTS}25-recording-gap-${name}.png`, fullPage: true });
    }
  });

  it('a network blip cuts both connections: the pages come back by themselves and every second stays in the file', async () => {
    await scene('blip', async (host, mate, _enter, startedAt) => {
      const dropAt = Date.now() - startedAt;
      const { server } = world;
      // the server loses both connections at once (what a blip does): Socket.IO reconnects, the media comes back
      for (const socket of server.realtime.io.sockets.sockets.values()) socket.conn.close();
      const backFrom = Date.now() - startedAt;
      const back = (page: Page) =>
        page
          .waitForFunction(
            () => document.querySelector('.media-stage')?.getAttribute('data-status') !== 'connected',
            undefined,
            { timeout: 10_000 },
          )
          .catch(() => undefined)
          .then(() => page.locator('.media-stage[data-status="connected"]').waitFor({ timeout: 60_000 }));
      await Promise.all([back(host), back(mate)]);
      return { dropAt, backFrom, backAt: Date.now() - startedAt };
    });
  });
});
