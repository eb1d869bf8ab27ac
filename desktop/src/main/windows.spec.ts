import { expect } from 'chai';
import { once } from 'node:events';
import { IPC_EVENTS } from '@tsudoi/common/protocol/ipc';
import { createElectronStub } from './testing/electron-stub';
import type { WindowState } from './window-state';
import { MainWindowController } from './windows';

function setup(saved?: unknown) {
  const stub = createElectronStub();
  const written: WindowState[] = [];
  const controller = new MainWindowController({
    ...stub.electron,
    log: stub.log,
    preloadPath: '/opt/Tsudoi/resources/app.asar/dist-electron/preload/index.cjs',
    serverUrl: 'https://office.example.jp/',
    store: { read: () => saved, write: (state) => void written.push(state) },
  });
  return { stub, controller, written };
}

describe('MainWindowController (electron stubbed)', () => {
  it('creates an isolated, sandboxed window with the preload and no Node in the page', () => {
    const { stub, controller } = setup();
    controller.open();
    const [window] = stub.windows;
    expect(window?.options.webPreferences).to.deep.equal({
      preload: '/opt/Tsudoi/resources/app.asar/dist-electron/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
    controller.open();
    expect(stub.windows).to.have.length(1);
  });

  it('loads the server URL (or a path of it) and shows the window only once it has painted', async () => {
    const { stub, controller } = setup();
    controller.open('/floors/12?app_id=x');
    const [window] = stub.windows;
    expect(window?.loadedUrl).to.equal('https://office.example.jp/floors/12?app_id=x');
    expect(window?.visible).to.equal(false);
    await once(window!, 'ready-to-show');
    expect(window?.visible).to.equal(true);
  });

  it('still shows the window (with the error page) and logs when the server cannot be reached', async () => {
    const { stub, controller } = setup();
    stub.unreachable = true;
    controller.open();
    await new Promise(setImmediate);
    expect(stub.windows[0]?.visible).to.equal(true);
    expect(stub.logged[0]?.[0]).to.equal('Could not load https://office.example.jp/');
  });

  it('opens with the remembered bounds, maximized when it was', () => {
    const { stub, controller } = setup({ x: 300, y: 200, width: 1000, height: 700, maximized: true });
    controller.open();
    expect(stub.windows[0]?.options).to.include({ x: 300, y: 200, width: 1000, height: 700, minWidth: 800 });
    expect(stub.windows[0]?.maximized).to.equal(true);
  });

  it('hides into the tray on close, remembering the bounds, and really closes once quitting', () => {
    const { stub, controller, written } = setup();
    controller.open();
    const window = stub.windows[0]!;
    window.show();
    window.bounds = { x: 40, y: 50, width: 1100, height: 720 };
    window.close();
    expect(window).to.include({ closed: false, visible: false });
    expect(written).to.deep.equal([{ x: 40, y: 50, width: 1100, height: 720, maximized: false }]);
    controller.prepareQuit();
    window.close();
    expect(window.closed).to.equal(true);
    expect(controller.window).to.equal(null);
    expect(written).to.have.length(2);
  });

  it('navigates inside the running page once it has painted, else loads the path', async () => {
    const { stub, controller } = setup();
    controller.navigate('/floors/3');
    expect(stub.windows[0]?.loadedUrl).to.equal('https://office.example.jp/floors/3');
    await once(stub.windows[0]!, 'ready-to-show');
    stub.windows[0]!.hide();
    controller.navigate('/floors/4');
    expect(stub.windows).to.have.length(1);
    expect(stub.windows[0]).to.include({ visible: true, focused: true });
    expect(stub.windows[0]?.webContents.sent).to.deep.equal([[IPC_EVENTS.navigate, { path: '/floors/4' }]]);
  });

  it('knows when the user looks at it, and which frame is its main frame', () => {
    const { stub, controller } = setup();
    expect(controller.isAttentive()).to.equal(false);
    expect(controller.send('navigate', { path: '/' })).to.equal(false);
    controller.reveal();
    const window = stub.windows[0]!;
    expect(controller.isAttentive()).to.equal(true);
    window.focused = false;
    expect(controller.isAttentive()).to.equal(false);
    window.focused = true;
    window.minimized = true;
    expect(controller.isAttentive()).to.equal(false);
    expect(controller.isMainFrame(window.webContents.mainFrame)).to.equal(true);
    expect(controller.isMainFrame({ url: window.webContents.mainFrame.url })).to.equal(false);
    expect(controller.isMainFrame(null)).to.equal(false);
    expect(controller.mediaSourceId()).to.equal('window:100:0');
  });
});
