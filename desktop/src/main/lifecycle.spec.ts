import { expect } from 'chai';
import { IPC_CHANNELS } from '@tsudoi/common/protocol/ipc';
import { startDesktop } from './lifecycle';
import { createElectronStub } from './testing/electron-stub';

const config = { serverUrl: 'https://office.example.jp/', appOrigin: 'https://office.example.jp' };
const PAGE = 'https://office.example.jp/rooms/1';

async function start({ hasLock = true, platform = 'linux' as NodeJS.Platform } = {}) {
  const stub = createElectronStub({ hasLock });
  const started = startDesktop({
    electron: stub.electron,
    config,
    preloadPath: '/app/preload.cjs',
    platform,
    log: stub.log,
  });
  stub.electron.app.becomeReady();
  await started;
  return stub;
}

describe('startDesktop (electron stubbed)', () => {
  it('quits at once when another instance holds the lock', async () => {
    const { electron, windows } = await start({ hasLock: false });
    expect(electron.app.quitCount).to.equal(1);
    expect(windows).to.have.length(0);
    expect(electron.ipcMain.handlers.size).to.equal(0);
  });

  it('opens one hardened main window on the server, with permissions and IPC in place', async () => {
    const { electron, windows } = await start();
    expect(windows).to.have.length(1);
    expect(windows[0]?.loadedUrl).to.equal(config.serverUrl);
    expect(windows[0]?.webContents.navigate('https://evil.example.com/')).to.equal(false);
    expect(await electron.session.defaultSession.requestPermission('geolocation', PAGE)).to.equal(false);
    expect(await electron.session.defaultSession.requestPermission('media', PAGE)).to.equal(true);
    expect([...electron.ipcMain.handlers.keys()]).to.have.members(Object.values(IPC_CHANNELS));
  });

  it('waits for ready before opening anything, ignoring an early second launch', async () => {
    const stub = createElectronStub();
    const options = {
      electron: stub.electron,
      config,
      preloadPath: '/p.cjs',
      platform: 'linux' as const,
      log: stub.log,
    };
    const started = startDesktop(options);
    stub.electron.app.emit('second-instance');
    expect(stub.windows).to.have.length(0);
    stub.electron.app.becomeReady();
    await started;
    expect(stub.windows).to.have.length(1);
  });

  it('answers the bridge: app info, presence to the badge, show window', async () => {
    const { electron, windows } = await start();
    expect(await electron.ipcMain.invoke(IPC_CHANNELS.getAppInfo, PAGE)).to.deep.equal({
      version: '1.2.3',
      platform: 'linux',
      serverUrl: config.serverUrl,
    });
    await electron.ipcMain.invoke(IPC_CHANNELS.setUnreadCount, PAGE, 7);
    expect(electron.app.badgeCount).to.equal(7);
    await electron.ipcMain.invoke(IPC_CHANNELS.setPresence, PAGE, 'away');
    expect(electron.app.badgeCount).to.equal(7);
    windows[0]!.minimized = true;
    await electron.ipcMain.invoke(IPC_CHANNELS.showWindow, PAGE);
    expect(windows[0]).to.include({ minimized: false, visible: true, focused: true });
  });

  it('brings the existing window back on a second launch instead of opening another', async () => {
    const { electron, windows } = await start();
    windows[0]!.minimized = true;
    electron.app.emit('second-instance');
    expect(windows).to.have.length(1);
    expect(windows[0]).to.include({ minimized: false, visible: true, focused: true });
  });

  it('quits when the last window closes, except on macOS where activate reopens it', async () => {
    const linux = await start();
    linux.windows[0]!.close();
    expect(linux.electron.app.quitCount).to.equal(1);

    const mac = await start({ platform: 'darwin' });
    mac.windows[0]!.close();
    expect(mac.electron.app.quitCount).to.equal(0);
    mac.electron.app.emit('activate');
    expect(mac.windows).to.have.length(2);
    expect(mac.windows[1]?.loadedUrl).to.equal(config.serverUrl);
  });
});
