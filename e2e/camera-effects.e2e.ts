import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { expectNoHorizontalOverflow, pageFactory, PHONE, type Account } from './support/auth';
import { CHROMIUM_ARGS } from './support/browser';
import { createTeam, createPermanentFloor } from './support/floors';
import { liveJoined, member, moveTo, receiving, RECORD_PEER_CONNECTIONS } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
/** A real photograph of a person: NASA's portrait of Eileen Collins (public domain), from Debian's python3-skimage. */
const PERSON = fileURLToPath(new URL('./fixtures/astronaut.jpg', import.meta.url));
const SIZE = 512;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
/** Regions of the 512x512 photograph: the face and the suit are the person; the flag and the shuttle model are not. */
const PERSON_BOXES: Box[] = [
  { x: 185, y: 70, w: 80, h: 95 },
  { x: 150, y: 300, w: 120, h: 120 },
];
const BACKGROUND_BOXES: Box[] = [
  { x: 0, y: 0, w: 70, h: 220 },
  { x: 370, y: 20, w: 90, h: 220 },
];

interface RegionStats {
  /** Mean absolute difference from the camera's own frame, per colour channel (0-255). */
  diff: number;
  /** Mean gradient (sharpness) of the shown frame and of the camera's frame in the region. */
  sharpness: number;
  inputSharpness: number;
}

/**
 * Grabs the camera's own frame (a second getUserMedia on the same fake file camera) and the frame `selector`'s
 * video shows, both at 512x512, and compares them in each box.
 */
function compareFrames(page: Page, selector: string, boxes: Box[]): Promise<RegionStats[]> {
  return page.evaluate(
    async ({ selector, boxes, size }) => {
      const grab = (video: HTMLVideoElement | HTMLCanvasElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = size;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.drawImage(video, 0, 0, size, size);
        return ctx.getImageData(0, 0, size, size).data;
      };
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      const camera = document.createElement('video');
      camera.muted = true;
      camera.srcObject = stream;
      await camera.play();
      for (let i = 0; i < 100 && camera.readyState < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const target = document.querySelector<HTMLVideoElement>(selector)!;
      // a received video may be a lower simulcast layer: the camera's frame goes through the same resolution
      const lower = document.createElement('canvas');
      lower.width = target.videoWidth || size;
      lower.height = target.videoHeight || size;
      lower.getContext('2d')!.drawImage(camera, 0, 0, lower.width, lower.height);
      const input = grab(lower);
      for (const track of stream.getTracks()) track.stop();
      const shown = grab(target);
      const gray = (data: Uint8ClampedArray, i: number) => (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      return boxes.map((box) => {
        let diff = 0;
        let sharp = 0;
        let inputSharp = 0;
        let n = 0;
        for (let y = box.y; y < box.y + box.h - 1; y++)
          for (let x = box.x; x < box.x + box.w - 1; x++) {
            const i = (y * size + x) * 4;
            for (let c = 0; c < 3; c++) diff += Math.abs(shown[i + c]! - input[i + c]!) / 3;
            const right = i + 4;
            const down = i + size * 4;
            sharp += Math.abs(gray(shown, right) - gray(shown, i)) + Math.abs(gray(shown, down) - gray(shown, i));
            inputSharp += Math.abs(gray(input, right) - gray(input, i)) + Math.abs(gray(input, down) - gray(input, i));
            n += 1;
          }
        return { diff: diff / n, sharpness: sharp / n, inputSharpness: inputSharp / n };
      });
    },
    { selector, boxes, size: SIZE },
  );
}

const round = (stats: RegionStats[]) =>
  stats.map((s) => `diff ${s.diff.toFixed(1)} sharp ${s.sharpness.toFixed(1)}/${s.inputSharpness.toFixed(1)}`);

/** Waits until the local tile shows the effect's canvas track (not a camera device's). */
const localShowsEffect = (page: Page, on: boolean) =>
  page.waitForFunction(
    (on) => {
      const video = document.querySelector<HTMLVideoElement>('.media-tile--local video');
      const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
      if (!track || video!.readyState < 2) return false;
      return on === 'canvas' in track; // a CanvasCaptureMediaStreamTrack
    },
    on,
    { timeout: 60_000 },
  );

describe('camera effects: a real photograph through the person segmenter', function () {
  this.timeout(300_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  let dir: string;
  const pages = pageFactory(() => browser);

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-effects-'));
    // the fake camera plays the photograph (a one-frame Y4M file, looped by Chromium)
    const y4m = path.join(dir, 'person.y4m');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      PERSON,
      '-pix_fmt',
      'yuv420p',
      '-f',
      'yuv4mpegpipe',
      y4m,
    ]);
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url }),
      chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${y4m}`],
      }),
    ]);
  });
  after(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('blur keeps the person and blurs the background, for me and for the peer; a background image replaces it; a broken image warns', async () => {
    const { owner } = await createTeam(server, smtp, 'effects', false);
    const peer = await member(server, smtp, owner, 'effects-peer');
    const floorId = await createPermanentFloor(server, owner, 'エフェクトのフロア');
    const foreign: string[] = [];
    const open = async (who: Account, locale: string) => {
      const page = await pages.open(locale, undefined, who);
      await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
      // tsx names the helpers inside compareFrames with esbuild's __name(): the page needs one
      await page.context().addInitScript('globalThis.__name = (fn) => fn;');
      page.on('pageerror', (e) => process.stdout.write(`[${locale}] pageerror ${e.message}\n`));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(server.url).origin)
          foreign.push(request.url());
      });
      await page.goto(`${server.url}/floors/${floorId}/live`);
      await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
      await liveJoined(page);
      return page;
    };
    const me = await open(owner, 'ja-JP');
    const other = await open(peer, 'en-US');
    for (const page of [me, other]) await moveTo(page, 9);
    await receiving(other, 1, 1);
    await localShowsEffect(me, false);

    // blur, from the effects menu
    await me.getByRole('button', { name: 'エフェクト' }).click();
    await me.getByRole('radio', { name: '背景をぼかす' }).click();
    await localShowsEffect(me, true);
    await me.getByRole('radio', { name: '背景をぼかす', checked: true }).waitFor();
    await me.waitForTimeout(500); // a few frames with the mask
    const person = await compareFrames(me, '.media-tile--local video', PERSON_BOXES);
    const background = await compareFrames(me, '.media-tile--local video', BACKGROUND_BOXES);
    process.stdout.write(
      `      blur: person ${round(person).join(', ')}; background ${round(background).join(', ')}\n`,
    );
    for (const region of person) {
      expect(region.diff, 'person pixels stay close to the camera frame').to.be.below(8);
      expect(region.sharpness / region.inputSharpness, 'person stays sharp').to.be.above(0.8);
    }
    for (const region of background) {
      expect(region.diff, 'background pixels change by a clear margin').to.be.above(10);
      expect(region.sharpness / region.inputSharpness, 'background is blurred').to.be.below(0.4);
    }
    await me.screenshot({ path: `${SHOTS}effects-menu-ja-1280x800.png` });

    // the peer receives the blurred camera (decoded frames; blurred background, sharp face)
    await receiving(other, 1, 1);
    await other.waitForTimeout(1500); // frames sent after the switch
    const remote = '.media-tile:not(.media-tile--local) video';
    const [peerFace] = await compareFrames(other, remote, PERSON_BOXES.slice(0, 1));
    const peerBackground = await compareFrames(other, remote, BACKGROUND_BOXES);
    process.stdout.write(`      peer: face ${round([peerFace!])}; background ${round(peerBackground).join(', ')}\n`);
    for (const region of peerBackground)
      expect(region.sharpness / region.inputSharpness, 'the peer sees a blurred background').to.be.below(0.65);
    expect(peerFace!.sharpness / peerFace!.inputSharpness, 'the peer sees a sharp face').to.be.above(0.8);

    // a built-in background image: the background is replaced, the person stays
    await me.getByRole('radio', { name: 'オフィス' }).click();
    await me.getByRole('radio', { name: 'オフィス', checked: true }).waitFor();
    await me.waitForTimeout(500);
    const replaced = await compareFrames(me, '.media-tile--local video', [...PERSON_BOXES, ...BACKGROUND_BOXES]);
    process.stdout.write(`      background image: ${round(replaced).join(', ')}\n`);
    for (const region of replaced.slice(0, 2)) expect(region.diff, 'person stays').to.be.below(8);
    for (const region of replaced.slice(2)) expect(region.diff, 'background replaced').to.be.above(25);

    // none: the camera's own track again; the choice is kept for the next visit
    await me.getByRole('radio', { name: 'なし' }).click();
    await localShowsEffect(me, false);
    expect(await me.evaluate(() => localStorage.getItem('tsudoi.media.effect'))).to.contain('"none"');

    // the menu on a phone, in English
    await other.setViewportSize(PHONE);
    await other.getByRole('button', { name: 'Effects' }).click();
    await other.getByRole('radio', { name: 'Blur background' }).waitFor();
    await expectNoHorizontalOverflow(other);
    await other.screenshot({ path: `${SHOTS}effects-menu-en-390x844.png` });

    // a background image that fails to load: the warning failedToLoadImage; the effect stays none
    const broken = await pages.open('en-US', undefined, peer);
    await broken
      .context()
      .addInitScript(() =>
        localStorage.setItem(
          'tsudoi.media.effect',
          JSON.stringify({ mode: 'background', background: { id: 'upload:404', url: '/no-such-background.png' } }),
        ),
      );
    await broken.goto(`${server.url}/floors`);
    await broken.locator('.toast--error').filter({ hasText: 'The background image could not be loaded' }).waitFor();
    await broken.waitForFunction(() => localStorage.getItem('tsudoi.media.effect')?.includes('"none"'));

    expect(foreign, 'requests to other origins (model, wasm and images come from ours)').to.deep.equal([]);
  });
});
