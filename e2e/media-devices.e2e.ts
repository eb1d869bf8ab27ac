import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { types as ms } from 'mediasoup';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FloorUserDto, RoomDto } from '@tsudoi/common';
import { startSmtpSink, type SmtpSink } from '../server/src/testing/smtp';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import type { Actor } from '../server/src/features/companies/fixtures';
import { call, join, ok, socketOf, type Client } from '../server/src/features/floors/live/live.testing';
import { watchConsumers } from '../server/src/features/media/consumers.testing';
import { callApi, expectNoHorizontalOverflow, named, pageFactory, PHONE, type Account } from './support/auth';
import { CHROMIUM_ARGS } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';
import { liveJoined, member, moveTo, receiving, RECORD_PEER_CONNECTIONS } from './support/media';
import { pcm16MonoWav } from '../desktop/scripts/wav.mjs';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Someone talking for the fake microphone: a 16-bit mono WAV of a 220 Hz tone whose loudness swells and fades
 * three times a second (a steady tone would be taken for noise by the browser's noise suppression), looped by
 * Chromium. Its own beep is too short to be heard as speaking.
 */
function speechLikeWav(): string {
  const rate = 16_000;
  const samples = rate * 4;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const envelope = 0.25 + 0.75 * Math.abs(Math.sin(Math.PI * 3 * t));
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * 220 * t) * envelope * 0.6 * 32767), i * 2);
  }
  const file = path.join(os.tmpdir(), `tsudoi-speech-${process.pid}.wav`);
  fs.writeFileSync(file, pcm16MonoWav(data, rate));
  return file;
}

/**
 * Chromium with three fake cameras (I420, Y16 depth, MJPEG: the test switches between the first and the third, the
 * colour ones) and a fake microphone that speaks (speechLikeWav).
 */
const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== '--use-fake-device-for-media-stream'),
      '--use-fake-device-for-media-stream=device-count=3,fps=15',
      `--use-file-for-fake-audio-capture=${speechLikeWav()}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });

/**
 * Cameras at 640x360 in this test (the product asks 1080p): two 1080p simulcast senders are more than a shared
 * test machine encodes in time. The product's constraints are kept otherwise (the device id in particular).
 */
const SMALL_CAMERA = `(() => {
  const media = navigator.mediaDevices;
  const original = media.getUserMedia.bind(media);
  media.getUserMedia = (c) =>
    original(c && c.video && typeof c.video === 'object'
      ? { ...c, video: { ...c.video, width: { ideal: 640 }, height: { ideal: 360 } } }
      : c);
})();`;

interface VideoIn {
  framesDecoded: number;
  packetsReceived: number;
  frameHeight: number;
}

/** The page's inbound video streams (one per video consumer). */
const videoIn = (page: Page): Promise<VideoIn[]> =>
  page.evaluate(async () => {
    const out: VideoIn[] = [];
    for (const pc of (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video' && s.mid !== 'probator')
          out.push({
            framesDecoded: Number(s.framesDecoded ?? 0),
            packetsReceived: Number(s.packetsReceived ?? 0),
            frameHeight: Number(s.frameHeight ?? 0),
          });
      });
    }
    return out;
  });

/** Polls until `check` holds for the single inbound video stream. */
let debug: (() => Promise<unknown>) | undefined;
async function videoUntil(page: Page, what: string, check: (v: VideoIn) => boolean, ms = 60_000): Promise<VideoIn> {
  const started = Date.now();
  let last: VideoIn[] = [];
  while (Date.now() - started < ms) {
    last = await videoIn(page);
    if (last.length === 1 && check(last[0]!)) return last[0]!;
    await page.waitForTimeout(200);
  }
  throw new Error(`${what}: ${JSON.stringify(last)} ${debug ? JSON.stringify(await debug()) : ''}`);
}

const actor = (who: Account) => ({ headers: { Authorization: `Bearer ${who.accessToken}` } }) as unknown as Actor;

describe('media devices: device check, device switch, speaking ring, layers and hidden tiles', function () {
  this.timeout(300_000);
  let smtp: SmtpSink;
  let server: TestServer;
  let browser: Browser;
  const pages = pageFactory(() => browser);
  let consumers: Map<string, ms.Consumer>;
  /** Every video consumer as the server made it. */
  const started: { paused: boolean; preferred: number | undefined }[] = [];
  const sockets: Client[] = [];

  before(async () => {
    consumers = await watchConsumers((c) => {
      if (c.kind === 'video') started.push({ paused: c.paused, preferred: c.preferredLayers?.spatialLayer });
    });
    fs.mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([startTestServer({ SMTP_URL: smtp.url }), launch()]);
  });
  after(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await pages.closeAll();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('the device check page lists the fake devices, shows the camera and microphone, and carries the choice into the floor', async () => {
    const { owner } = await createTeam(server, smtp, 'check', false);
    const floorId = await createPermanentFloor(server, owner, 'デバイス確認のフロア');
    const page = await pages.open('ja-JP', undefined, owner);
    await page.goto(`${server.url}/floors/${floorId}`);
    await page.getByRole('link', { name: 'フロアに参加' }).click();
    await page.waitForURL(`**/floors/${floorId}/check`);
    await page.getByRole('heading', { name: 'カメラとマイクの確認' }).waitFor();
    const cameras = page.getByLabel('カメラ', { exact: true });
    // Chromium's three fake cameras and its fake microphones, by name once the camera is open
    await page.waitForFunction(() => {
      const select = document.querySelector('select');
      return !!select && select.options.length === 3 && !!select.options[0]!.textContent?.includes('fake');
    });
    expect(await cameras.locator('option').allTextContents()).to.have.length(3);
    const mics = await page.getByLabel('マイク', { exact: true }).locator('option').allTextContents();
    expect(mics.join(' ')).to.match(/Fake/i);
    await page.locator('.device-check__video:not([hidden])').waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('.device-check__video');
      return !!video && video.videoWidth > 0;
    });
    // the fake microphone beeps: the level meter moves
    await page.waitForFunction(
      () => Number(document.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')) > 0,
      undefined,
      { timeout: 15_000 },
    );
    await page.screenshot({ path: `${SHOTS}device-check-ja-1280x800.png` });
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}device-check-ja-390x844.png`, fullPage: true });

    // the camera off here: the floor starts with it off; the microphone stays on
    await page.getByRole('button', { name: 'ビデオを停止' }).click();
    await page.getByText('カメラはオフです').waitFor();
    await page.getByRole('button', { name: 'フロアに入る' }).click();
    await page.waitForURL(`**/floors/${floorId}/live`);
    await page.locator('.media-tile--local[data-video="off"]').waitFor();
    await page.getByRole('button', { name: 'ビデオを開始' }).waitFor();
    await page.getByRole('button', { name: 'ミュート', exact: true }).waitFor();

    // English, and "go straight to the floor next time" remembered for the landing page's button
    const en = await pages.open('en-US', undefined, owner);
    await en.goto(`${server.url}/floors/${floorId}/check`);
    await en.getByRole('heading', { name: 'Check your camera and microphone' }).waitFor();
    await en.locator('.device-check__video:not([hidden])').waitFor();
    await en.screenshot({ path: `${SHOTS}device-check-en-1280x800.png` });
    await en.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(en);
    await en.screenshot({ path: `${SHOTS}device-check-en-390x844.png`, fullPage: true });
    await en.getByLabel('Go straight to the floor next time').check();
    await en.getByRole('button', { name: 'Enter the floor' }).click();
    await en.waitForURL(`**/floors/${floorId}/live`);
    await en.goto(`${server.url}/floors/${floorId}`);
    await en.getByRole('link', { name: 'Join the floor' }).click();
    await en.waitForURL(`**/floors/${floorId}/live`);
    await pages.closeAll(); // two cameras fewer for the next test
  });

  it('switching the camera keeps frames flowing; the speaker rings for the room only; a hidden tile pauses its consumer', async () => {
    const { owner } = await createTeam(server, smtp, 'devices', false);
    const listener = await member(server, smtp, owner, 'devices-listener');
    const elsewhere = await member(server, smtp, owner, 'devices-elsewhere');
    const speakerId = await named(server, owner, '話す 人');
    await named(server, listener, '聞く 人');
    const floorId = await createPermanentFloor(server, owner, 'デバイスのフロア');
    const rooms = (await callApi(server, 'GET', `/floors/${floorId}/rooms`, undefined, owner.accessToken)).json
      .data as RoomDto[];
    const open = async (who: Account) => {
      const page = await pages.open('ja-JP', undefined, who);
      await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
      await page.context().addInitScript(SMALL_CAMERA);
      await page.goto(`${server.url}/floors/${floorId}/live`);
      await page.locator('[data-room="1"] .floor-room__face--self').waitFor();
      await liveJoined(page);
      return page;
    };
    const host = await open(owner);
    const hearer = await open(listener);
    debug = async () => ({
      consumers: [...consumers.values()].map((c) => ({
        kind: c.kind,
        paused: c.paused,
        producerPaused: c.producerPaused,
        preferred: c.preferredLayers,
        current: c.currentLayers,
        score: c.score,
      })),
      out: await host.evaluate(async () => {
        const out: unknown[] = [];
        for (const pc of (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections)
          (await pc.getStats()).forEach((s: Record<string, unknown>) => {
            if (s.type === 'outbound-rtp')
              out.push({
                rid: s.rid,
                h: s.frameHeight,
                enc: s.framesEncoded,
                sent: s.packetsSent,
                q: s.qualityLimitationReason,
                active: s.active,
              });
          });
        return out;
      }),
    });
    // the listener's microphone and camera off: only the host's media flows to it
    await hearer.getByRole('button', { name: 'ミュート', exact: true }).click();
    await hearer.getByRole('button', { name: 'ビデオを停止' }).click();
    // someone in another room, by socket: they must hear of nobody speaking in room 9
    const other = await socketOf(server.url, actor(elsewhere));
    sockets.push(other);
    const heard: { roomId: number; userIds: number[] }[] = [];
    other.on('media:speaking', (p) => heard.push(p));
    await join(other, floorId);
    const room10 = rooms.find((r) => r.number === 10)!;
    await ok(call<FloorUserDto>(other, 'floor:joinRoom', { roomId: room10.id }));
    await ok(call(other, 'media:join', {}));
    started.length = 0;
    for (const page of [host, hearer]) await moveTo(page, 9);
    await receiving(hearer, 1, 1, 60_000);
    // the host's camera reached the listener on the layer its tile was expected to need, set before the
    // resume (a page with no camera tile yet, device pixel ratio 1: a typical tile, the lowest layer)
    expect(started).to.deep.equal([{ paused: true, preferred: 0 }]);

    // the device menu lists the fake cameras; switching keeps the same consumer decoding new frames
    await host.getByRole('button', { name: 'デバイス' }).click();
    const cameraSelect = host
      .getByRole('dialog', { name: 'カメラ・マイク・スピーカー' })
      .getByLabel('カメラ', { exact: true });
    const options = await cameraSelect
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).to.have.length(3);
    const localDevice = () =>
      host.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('.media-tile--local video');
        return (video?.srcObject as MediaStream | null)?.getVideoTracks()[0]?.getSettings().deviceId ?? null;
      });
    const before = await localDevice();
    expect(before).to.equal(options[0]);
    const next = options[2]!;
    const decoded = (await videoUntil(hearer, 'frames before the switch', (v) => v.framesDecoded > 0)).framesDecoded;
    await cameraSelect.selectOption(next);
    await host.waitForFunction((id) => {
      const video = document.querySelector<HTMLVideoElement>('.media-tile--local video');
      return (video?.srcObject as MediaStream | null)?.getVideoTracks()[0]?.getSettings().deviceId === id;
    }, next);
    const switched = (await videoUntil(hearer, 'frames after the switch', (v) => v.framesDecoded > decoded))
      .framesDecoded;
    await videoUntil(hearer, 'frames keep coming after the switch', (v) => v.framesDecoded > switched + 3);
    await host.keyboard.press('Escape');

    // the host's microphone speaks: the listener sees the ring on the host's tile and map face; the host on its own tile
    const speakerTile = hearer.locator(`.media-tile[data-user-id="${speakerId}"][data-source="camera"]`);
    await speakerTile.and(hearer.locator('[data-speaking="true"]')).waitFor({ timeout: 20_000 });
    await host.locator('.media-tile--local[data-speaking="true"]').waitFor({ timeout: 20_000 });
    await hearer.locator(`.floor-room__face--speaking[data-person="${speakerId}"]`).waitFor({ timeout: 20_000 });
    await hearer.screenshot({ path: `${SHOTS}media-speaking-ja-1280x800.png` });
    expect(heard.filter((p) => p.roomId !== room10.id || p.userIds.includes(speakerId))).to.deep.equal([]);

    // a small tile takes the low layer (180 lines); a tall one the top layer (the 360-line camera sends two)
    await videoUntil(hearer, 'a low layer for the small tile', (v) => v.frameHeight > 0 && v.frameHeight <= 180);
    const small = (await videoIn(hearer))[0]!.frameHeight;
    await speakerTile.evaluate((el) => {
      (el as HTMLElement).style.height = '720px';
    });
    await videoUntil(hearer, 'a higher layer for the tall tile', (v) => v.frameHeight > small);

    // the tile hidden: the server pauses the consumer, no more packets; shown again: frames flow again
    const serverConsumer = () => [...consumers.values()].filter((c) => c.kind === 'video' && !c.closed);
    expect(serverConsumer().filter((c) => c.paused)).to.have.length(0);
    await speakerTile.evaluate((el) => {
      (el as HTMLElement).style.display = 'none';
    });
    for (let i = 0; i < 100 && serverConsumer().filter((c) => c.paused).length === 0; i++)
      await hearer.waitForTimeout(100);
    expect(serverConsumer().filter((c) => c.paused)).to.have.length(1);
    await hearer.waitForTimeout(1000); // packets already on their way arrive
    const stopped = (await videoIn(hearer))[0]!;
    await hearer.waitForTimeout(1500);
    expect((await videoIn(hearer))[0]!.packetsReceived, 'no video packets while hidden').to.equal(
      stopped.packetsReceived,
    );
    await speakerTile.evaluate((el) => {
      (el as HTMLElement).style.display = '';
    });
    await videoUntil(hearer, 'frames again once shown', (v) => v.framesDecoded > stopped.framesDecoded + 5);
    expect(serverConsumer().filter((c) => c.paused)).to.have.length(0);
  });
});
