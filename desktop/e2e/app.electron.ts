// Drives the real app with Playwright's _electron. Needs the Electron binary
// (and a display: xvfb-run on a headless Linux):
//   npx mocha -n import=tsx desktop/e2e/app.electron.ts
// Where the binary is absent each test reports itself as skipped, by name.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import type { DesktopApi } from '@tsudoi/common';

const desktop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The binary's path, or undefined where it was never downloaded (require('electron') throws then). */
function electronBinary(): string | undefined {
  try {
    const binary: unknown = createRequire(import.meta.url)('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** What a test reads of the page's globals (evaluated in the renderer). */
interface PageGlobals {
  desktop?: DesktopApi;
  require?: unknown;
  process?: unknown;
  picks?: unknown[];
  shareResult?: string;
}
const globals = () => globalThis as unknown as PageGlobals;

const PAGE = `<!doctype html><title>Tsudoi e2e</title>
<button id="share" onclick="navigator.mediaDevices.getDisplayMedia({ video: true })
  .then(() => (window.shareResult = 'granted'), (error) => (window.shareResult = error.name))">share</button>`;

describe('desktop app (Playwright _electron)', function () {
  this.timeout(60_000);
  const executablePath = electronBinary();
  let server: Server;
  let serverUrl: string;
  let app: ElectronApplication | undefined;
  let page: Page;

  before(async function () {
    if (!executablePath) return;
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    execFileSync(process.execPath, [path.join(desktop, 'scripts/build-main.mjs')], { stdio: 'pipe' });
    const asRoot = process.getuid?.() === 0; // Chromium refuses its sandbox to root (containers)
    const userData = mkdtempSync(path.join(os.tmpdir(), 'tsudoi-e2e-'));
    app = await _electron.launch({
      executablePath,
      args: [desktop, `--user-data-dir=${userData}`, ...(asRoot ? ['--no-sandbox'] : [])],
      env: { ...process.env, TSUDOI_SERVER_URL: serverUrl },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  beforeEach(function () {
    if (!app) this.skip(); // no Electron binary here: reported as pending under the test's own name
  });

  after(async () => {
    await app?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
  });

  it('opens the main window on the server with the bridge and no Node in the page', async () => {
    expect(page.url()).to.equal(serverUrl);
    expect(await page.title()).to.equal('Tsudoi e2e');
    const bridge = await page.evaluate(() => ({
      keys: Object.keys(globals().desktop ?? {}).sort(),
      isDesktop: globals().desktop?.isDesktop,
      node: typeof globals().require !== 'undefined' || typeof globals().process !== 'undefined',
    }));
    expect(bridge).to.deep.equal({
      keys: [
        'chooseScreenSource',
        'getAppInfo',
        'isDesktop',
        'notify',
        'on',
        'setMicMuted',
        'setPresence',
        'setUnreadCount',
        'showWindow',
      ],
      isDesktop: true,
      node: false,
    });
    const info = await page.evaluate(() => globals().desktop?.getAppInfo());
    expect(info?.serverUrl).to.equal(serverUrl);
  });

  it('refuses invalid payloads in main', async () => {
    const refused = await page.evaluate(() =>
      globals()
        .desktop?.setUnreadCount(-1)
        .then(() => 'accepted')
        .catch((error: Error) => error.message),
    );
    expect(refused).to.match(/refused: invalid payload/);
  });

  it('asks the page to pick a screen on getDisplayMedia and denies a cancelled pick', async () => {
    await page.evaluate(() => {
      globals().picks = [];
      globals().desktop?.on('screenPickRequested', (request) => {
        globals().picks?.push(request);
        void globals().desktop?.chooseScreenSource({ requestId: request.requestId, sourceId: null });
      });
    });
    await page.click('#share');
    await page.waitForFunction(() => globals().shareResult !== undefined);
    const picks = await page.evaluate(() => globals().picks?.length ?? 0);
    const result = await page.evaluate(() => globals().shareResult);
    // No sources on a headless display: main denies without asking; with sources the page was asked.
    expect(result).to.equal('NotAllowedError');
    expect(picks).to.be.at.most(1);
  });

  it('keeps running in the tray when the window is closed', async () => {
    const state = await app!.evaluate(({ BrowserWindow }) => {
      const [window] = BrowserWindow.getAllWindows();
      window?.close();
      return { count: BrowserWindow.getAllWindows().length, visible: window?.isVisible() };
    });
    expect(state).to.deep.equal({ count: 1, visible: false });
    await page.evaluate(() => globals().desktop?.showWindow());
    expect(await app!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible())).to.equal(true);
  });
});
