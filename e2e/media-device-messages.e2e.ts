import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DESKTOP, pageFactory, PHONE, type Account } from './support/auth';
import { CHROMIUM_ARGS } from './support/browser';
import { createPermanentFloor, createTeam } from './support/floors';
import { moveTo } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Debian's Chromium with only the flags given of CI's usual ones (no fake devices, or no fake permission prompt). */
const launchWithout = (...left: string[]): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS.filter((a) => !left.includes(a)),
  });

describe('media: what a person is told about their devices and browser (Chromium without fake devices, or with prompts refused)', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  let browser: Browser | undefined;
  const pages = pageFactory(() => browser!);
  afterEach(async () => {
    await pages.closeAll();
    await browser?.close();
    browser = undefined;
  });

  const onFloor = async (who: Account, floorId: number, viewport = DESKTOP): Promise<Page> => {
    const page = await pages.open('en-US', viewport, who);
    await page.goto(world.url(`/floors/${floorId}/live`));
    await moveTo(page, 9);
    return page;
  };
  const toast = (page: Page, text: string) => page.locator('.toast--error').filter({ hasText: text }).waitFor();

  it('a computer without a camera or microphone: both show off, and turning either on says which device is missing', async () => {
    browser = await launchWithout('--use-fake-device-for-media-stream');
    const { owner } = await createTeam(world.server, world.smtp, 'nodev', true);
    const floorId = await createPermanentFloor(world.server, owner, 'No devices');
    const page = await onFloor(owner, floorId);
    await page.getByRole('button', { name: 'Start video', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Unmute', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start video', exact: true }).click();
    await toast(page, 'No camera device');
    await page.getByRole('button', { name: 'Unmute', exact: true }).click();
    await toast(page, 'No microphone device');
    await page.getByRole('button', { name: 'Start video', exact: true }).waitFor(); // still off
    await page.screenshot({ path: `${SHOTS}28-no-devices-en-1280x800.png` });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}28-no-devices-en-390x844.png` });
  });

  it('the camera refused, the microphone allowed: audio only; the other way round: video only', async () => {
    // no prompt answers by itself here: each person is granted one device, the other is refused
    browser = await launchWithout('--use-fake-ui-for-media-stream');
    const { owner, member } = await createTeam(world.server, world.smtp, 'denied', true);
    const floorId = await createPermanentFloor(world.server, owner, 'Permissions');
    const origin = world.server.url;

    const audioOnly = await pages.open('en-US', DESKTOP, owner);
    await audioOnly.context().grantPermissions(['microphone'], { origin });
    await audioOnly.goto(world.url(`/floors/${floorId}/live`));
    await moveTo(audioOnly, 9);
    await audioOnly.getByRole('button', { name: 'Mute', exact: true }).waitFor(); // the microphone is on
    await audioOnly.getByRole('button', { name: 'Start video', exact: true }).waitFor(); // the camera fell off
    await audioOnly.locator('.media-tile--local[data-video="off"]').waitFor();

    const videoOnly = await pages.open('en-US', DESKTOP, member!);
    await videoOnly.context().grantPermissions(['camera'], { origin });
    await videoOnly.goto(world.url(`/floors/${floorId}/live`));
    await moveTo(videoOnly, 9);
    await videoOnly.getByRole('button', { name: 'Stop video', exact: true }).waitFor();
    await videoOnly.getByRole('button', { name: 'Unmute', exact: true }).waitFor();
    await videoOnly.locator('.media-tile--local[data-video="on"]').waitFor();
    // each receives what the other could send: the video-only camera arrives at the audio-only page
    await audioOnly.locator('.media-tile:not(.media-tile--local)[data-video="on"]').waitFor({ timeout: 30_000 });
    expect(await audioOnly.locator('.media-tile:not(.media-tile--local) .media-tile__mic--off').count()).to.equal(1);

    await audioOnly.screenshot({ path: `${SHOTS}28-camera-refused-en-1280x800.png` });
  });

  it('the screen picker refused: sharing is not available, said in words, and the button is back', async () => {
    // every prompt refused by Chromium's fake prompt ("deny"): the camera and microphone too
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream'),
        '--use-fake-ui-for-media-stream=deny',
      ],
    });
    const { owner } = await createTeam(world.server, world.smtp, 'noshare', true);
    const floorId = await createPermanentFloor(world.server, owner, 'No screen');
    const page = await onFloor(owner, floorId);
    await page.getByRole('button', { name: 'Start video', exact: true }).waitFor(); // refused: off, no word at the join
    await page.getByRole('button', { name: 'Share screen', exact: true }).click();
    await toast(page, 'Screen sharing is not available here.');
    await page.getByRole('button', { name: 'Share screen', exact: true }).waitFor();
    expect(await page.locator('.media-tile--screen').count()).to.equal(0);
    await page.screenshot({ path: `${SHOTS}28-screen-refused-en-1280x800.png` });
  });

  it('a browser without WebRTC (the API removed before the page loads: no such browser here) is told it is not supported', async () => {
    browser = await launchWithout();
    const { owner } = await createTeam(world.server, world.smtp, 'oldweb', true);
    const floorId = await createPermanentFloor(world.server, owner, 'Old browser');
    const page = await pages.open('en-US', DESKTOP, owner);
    await page.context().addInitScript(() => {
      delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
      delete (window as unknown as { webkitRTCPeerConnection?: unknown }).webkitRTCPeerConnection;
    });
    await page.goto(world.url(`/floors/${floorId}/live`));
    await moveTo(page, 9);
    await page
      .getByRole('status')
      .filter({ hasText: 'This browser is not supported. Use the latest Chrome, Safari, Edge or Firefox.' })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}28-browser-not-supported-en-1280x800.png` });
  });
});
