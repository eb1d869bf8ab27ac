import { expect } from 'chai';
import { once } from 'node:events';
import { createElectronStub } from './testing/electron-stub';
import { createMainWindow } from './windows';

const deps = (stub = createElectronStub()) => ({
  stub,
  log: stub.log,
  BrowserWindow: stub.electron.BrowserWindow,
  preloadPath: '/opt/Tsudoi/resources/app.asar/dist-electron/preload/index.cjs',
  serverUrl: 'https://office.example.jp/',
});

describe('createMainWindow (electron stubbed)', () => {
  it('creates an isolated, sandboxed window with the preload and no Node in the page', () => {
    const { stub, ...rest } = deps();
    createMainWindow(rest);
    const [window] = stub.windows;
    expect(window?.options.webPreferences).to.deep.equal({
      preload: rest.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
  });

  it('loads the server URL and shows the window only once it has painted', async () => {
    const { stub, ...rest } = deps();
    createMainWindow(rest);
    const [window] = stub.windows;
    expect(window?.loadedUrl).to.equal('https://office.example.jp/');
    expect(window?.visible).to.equal(false);
    await once(window!, 'ready-to-show');
    expect(window?.visible).to.equal(true);
  });

  it('still shows the window (with the error page) and logs when the server cannot be reached', async () => {
    const { stub, ...rest } = deps();
    stub.unreachable = true;
    createMainWindow(rest);
    await new Promise(setImmediate);
    expect(stub.windows[0]?.visible).to.equal(true);
    expect(stub.logged[0]?.[0]).to.equal('Could not load https://office.example.jp/');
  });
});
