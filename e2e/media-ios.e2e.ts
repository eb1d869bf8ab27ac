import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { PHONE, SESSION_KEY, type Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { moveTo } from './support/media';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Every audio track the page's getUserMedia gave out, kept on window for the test to read. */
const RECORD_AUDIO_CAPTURES = `(() => {
  const tracks = [];
  window.audioCaptures = tracks;
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    tracks.push(...stream.getAudioTracks());
    return stream;
  };
})();`;

/** The audio captures still live: whether each is muted (enabled false). */
const liveCaptures = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { audioCaptures: MediaStreamTrack[] }).audioCaptures
      .filter((t) => t.readyState === 'live')
      .map((t) => ({ enabled: t.enabled })),
  );

const until = async (page: Page, expected: { enabled: boolean }[]) => {
  for (let i = 0; i < 300; i++) {
    if (JSON.stringify(await liveCaptures(page)) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(await liveCaptures(page)).to.deep.equal(expected);
};

describe('media on an iPhone: the temporary audio track (Chromium with an iPhone user agent; Safari itself is not here)', function () {
  this.timeout(180_000);
  const world = e2eWorld({ shots: SHOTS });

  /** A signed-in page with the given user agent (the stub of a phone's browser: its agent string only). */
  async function open(who: Account, userAgent?: string): Promise<Page> {
    const context = await world.browser.newContext({
      locale: 'en-US',
      viewport: PHONE,
      ...(userAgent && { userAgent }),
    });
    await context.addCookies([{ name: 'tsudoi_locale', value: 'en', domain: '127.0.0.1', path: '/' }]);
    const tokens = JSON.stringify({ accessToken: who.accessToken, refreshToken: who.refreshToken });
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [SESSION_KEY, tokens]);
    await context.addInitScript(RECORD_AUDIO_CAPTURES);
    return context.newPage();
  }

  it('holds a muted capture while the microphone is off in a room, gives it up for the microphone, and holds none on a desktop', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'ios', true);
    const floorId = await createPermanentFloor(world.server, owner, 'iPhone floor');
    const phone = await open(owner, IPHONE_UA);
    try {
      await phone.goto(world.url(`/floors/${floorId}/live`));
      await moveTo(phone, 9);
      await phone.getByRole('button', { name: 'Mute', exact: true }).waitFor();
      await until(phone, [{ enabled: true }]); // the microphone, sent

      await phone.getByRole('button', { name: 'Mute', exact: true }).click();
      await phone.getByRole('button', { name: 'Unmute', exact: true }).waitFor();
      await until(phone, [{ enabled: false }]); // the microphone stopped; a silent capture held, never sent
      await phone.screenshot({ path: `${SHOTS}28-ios-muted-en-390x844.png` });

      await phone.getByRole('button', { name: 'Unmute', exact: true }).click();
      await phone.getByRole('button', { name: 'Mute', exact: true }).waitFor();
      await until(phone, [{ enabled: true }]); // the silent one gone before the microphone opened

      await phone.getByRole('link', { name: 'Floor page' }).click(); // leaving the floor ends the media
      await until(phone, []);
    } finally {
      await phone.context().close();
    }

    const desktop = await open(member!);
    try {
      await desktop.goto(world.url(`/floors/${floorId}/live`));
      await moveTo(desktop, 9);
      await desktop.getByRole('button', { name: 'Mute', exact: true }).click();
      await desktop.getByRole('button', { name: 'Unmute', exact: true }).waitFor();
      await until(desktop, []); // nothing held on other devices
    } finally {
      await desktop.context().close();
    }
  });
});
