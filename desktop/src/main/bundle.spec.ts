import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElectronStub } from './testing/electron-stub';

const desktop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

describe('built main bundle (electron stubbed)', function () {
  this.timeout(30_000);
  before(() => execFileSync(process.execPath, [path.join(desktop, 'scripts/build-main.mjs')], { stdio: 'pipe' }));

  it('boots from dist-electron: one window on the configured server, with the bundled sandboxed preload and the tray', async () => {
    const stub = createElectronStub();
    Object.assign(stub.electron.app, { getAppPath: () => desktop });
    // Node lets tests put a module into require.cache: the bundle's require('electron') gets the stub.
    const electronId = require.resolve('electron');
    const fake = new Module(electronId);
    fake.exports = stub.electron;
    fake.loaded = true;
    require.cache[electronId] = fake;
    const bundle = path.join(desktop, 'dist-electron/main/index.cjs');
    const serverUrl = process.env.TSUDOI_SERVER_URL;
    process.env.TSUDOI_SERVER_URL = 'http://localhost:4321';
    try {
      require(bundle);
      stub.electron.app.becomeReady();
      await new Promise(setImmediate);
    } finally {
      delete require.cache[electronId];
      delete require.cache[bundle];
      if (serverUrl === undefined) delete process.env.TSUDOI_SERVER_URL;
      else process.env.TSUDOI_SERVER_URL = serverUrl;
    }
    const [window] = stub.windows;
    expect(stub.windows).to.have.length(1);
    expect(window?.loadedUrl).to.equal('http://localhost:4321/');
    const preload = window?.options.webPreferences?.preload ?? '';
    expect(preload).to.equal(path.join(desktop, 'dist-electron/preload/index.cjs'));
    expect(existsSync(preload)).to.equal(true);
    expect(window?.options.webPreferences).to.include({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    // The sandboxed preload cannot require modules: it is one small file (zod's schemas are tree-shaken out).
    expect(statSync(preload).size).to.be.below(8_000);
    const [tray] = stub.trays;
    expect(tray?.image).to.equal(path.join(desktop, 'dist-electron/tray/available.png'));
    expect(existsSync(tray?.image ?? ''), 'tray icon drawn by build-main').to.equal(true);
    expect(stub.logged).to.deep.equal([]);
  });
});
