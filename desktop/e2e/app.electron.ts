// Drives the real app with Playwright's _electron. Needs the Electron binary
// (and a display: xvfb-run on a headless Linux):
//   npx mocha -n import=tsx desktop/e2e/app.electron.ts
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication } from 'playwright-core';
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
}

describe('desktop app (Playwright _electron)', function () {
  this.timeout(60_000);
  let server: Server;
  let serverUrl: string;
  let app: ElectronApplication | undefined;

  before(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Tsudoi e2e</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  after(async () => {
    await app?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('opens the main window (needs the Electron binary; skipped where it is absent)', async function () {
    const executablePath = electronBinary();
    if (!executablePath) this.skip();
    execFileSync(process.execPath, [path.join(desktop, 'scripts/build-main.mjs')], { stdio: 'pipe' });
    const asRoot = process.getuid?.() === 0; // Chromium refuses its sandbox to root (containers)
    app = await _electron.launch({
      executablePath,
      args: [desktop, ...(asRoot ? ['--no-sandbox'] : [])],
      env: { ...process.env, TSUDOI_SERVER_URL: serverUrl },
    });
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');

    expect(page.url()).to.equal(serverUrl);
    expect(await page.title()).to.equal('Tsudoi e2e');
    const bridge = await page.evaluate(() => {
      const globals = globalThis as unknown as PageGlobals;
      return {
        keys: Object.keys(globals.desktop ?? {}).sort(),
        isDesktop: globals.desktop?.isDesktop,
        node: typeof globals.require !== 'undefined' || typeof globals.process !== 'undefined',
      };
    });
    expect(bridge).to.deep.equal({
      keys: ['getAppInfo', 'isDesktop', 'setPresence', 'setUnreadCount', 'showWindow'],
      isDesktop: true,
      node: false,
    });
    const info = await page.evaluate(() => (globalThis as unknown as PageGlobals).desktop?.getAppInfo());
    expect(info?.serverUrl).to.equal(serverUrl);
    const refused = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).desktop
        ?.setUnreadCount(-1)
        .then(() => 'accepted')
        .catch((error: Error) => error.message),
    );
    expect(refused).to.match(/refused: invalid payload/);
  });
});
