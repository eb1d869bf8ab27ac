import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { DesktopEventName, DesktopEvents, ScreenSource } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../server/src/testing/test-server';
import { launchBrowser } from './support/browser';
import { STUB_BRIDGE, type StubGlobals } from './support/desktop-bridge';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
// A 2x2 PNG: enough for a thumbnail <img> to load.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4nGNgYGD4z8DAwMDAAAAPAAF3bZkRAAAAAElFTkSuQmCC';
const SOURCES: ScreenSource[] = [
  { id: 'screen:0:0', name: 'Entire screen', kind: 'screen', thumbnail: PNG, appIcon: null },
  { id: 'screen:1:0', name: 'Screen 2', kind: 'screen', thumbnail: PNG, appIcon: null },
  { id: 'window:12:0', name: 'Minutes.docx - Word', kind: 'window', thumbnail: PNG, appIcon: PNG },
];

describe('renderer desktop path (stub bridge in Chromium)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  beforeEach(async () => {
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: STUB_BRIDGE });
    page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
  });
  afterEach(() => page.context().close());
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const emit = <E extends DesktopEventName>(event: E, payload: DesktopEvents[E]) =>
    page.evaluate(([name, data]) => (window as unknown as StubGlobals).desktopEmit(name, data), [
      event,
      payload,
    ] as const);
  // Only the picker's answers: other features talk to the bridge too (the unread badge, the tray status).
  const calls = async () =>
    (await page.evaluate(() => (window as unknown as StubGlobals).desktopCalls)).filter(
      ([name]) => name === 'chooseScreenSource',
    );

  it('shows the picker for a pick request and sends the chosen source back to the bridge', async () => {
    expect(await emit('screenPickRequested', { requestId: 'r1', sources: SOURCES })).to.equal(1);
    const dialog = page.getByRole('dialog', { name: '共有する画面を選択' });
    await dialog.waitFor();
    const screens = dialog.getByRole('radiogroup', { name: '画面全体' }).getByRole('radio');
    expect(await screens.allInnerTexts()).to.deep.equal(['Entire screen', 'Screen 2']);
    expect(
      await dialog.getByRole('radiogroup', { name: 'ウィンドウ' }).getByRole('radio').allInnerTexts(),
    ).to.deep.equal(['Minutes.docx - Word']);
    const share = dialog.getByRole('button', { name: '共有', exact: true });
    expect(await share.isDisabled()).to.equal(true);
    await dialog.getByRole('radio', { name: 'Screen 2' }).click();
    expect(await dialog.getByRole('radio', { name: 'Screen 2' }).getAttribute('aria-checked')).to.equal('true');
    await page.screenshot({ path: `${SCREENSHOTS}desktop-screen-picker-ja-1280x800.png` });
    await share.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await calls()).to.deep.equal([['chooseScreenSource', { requestId: 'r1', sourceId: 'screen:1:0' }]]);
  });

  it('answers null when the user cancels (button or Escape), and shares on double click', async () => {
    const dialog = page.getByRole('dialog');
    await emit('screenPickRequested', { requestId: 'r1', sources: SOURCES });
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'detached' });
    await emit('screenPickRequested', { requestId: 'r2', sources: SOURCES });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await emit('screenPickRequested', { requestId: 'r3', sources: SOURCES });
    await dialog.getByRole('radio', { name: 'Minutes.docx - Word' }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    expect(await calls()).to.deep.equal([
      ['chooseScreenSource', { requestId: 'r1', sourceId: null }],
      ['chooseScreenSource', { requestId: 'r2', sourceId: null }],
      ['chooseScreenSource', { requestId: 'r3', sourceId: 'window:12:0' }],
    ]);
  });

  it('goes where a navigate event says, inside the running page, and ignores paths off the app', async () => {
    await page.evaluate(() => ((window as unknown as StubGlobals).pageMarker = 'same page'));
    expect(await emit('navigate', { path: '//evil.example.com/' })).to.equal(1);
    expect(new URL(page.url()).pathname).to.equal('/login');
    await emit('navigate', { path: '/signup' });
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as StubGlobals).pageMarker)).to.equal('same page');
  });
});
