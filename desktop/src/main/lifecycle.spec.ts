import { expect } from 'chai';
import { IPC_CHANNELS, IPC_EVENTS } from '@tsudoi/common/protocol/ipc';
import { startDesktop, type DesktopOptions } from './lifecycle';
import { createElectronStub, stubSource } from './testing/electron-stub';

const config = { serverUrl: 'https://office.example.jp/', appOrigin: 'https://office.example.jp' };
const PAGE = 'https://office.example.jp/rooms/1';
const noTimers = { setInterval: () => 0, clearInterval: () => undefined };

async function start({ hasLock = true, platform = 'linux' as NodeJS.Platform, argv = [] as string[] } = {}) {
  const stub = createElectronStub({ hasLock });
  const options: DesktopOptions = {
    electron: stub.electron,
    config,
    preloadPath: '/app/preload.cjs',
    trayIconDir: '/app/tray',
    platform,
    argv,
    windowState: { read: () => undefined, write: () => undefined },
    log: stub.log,
    timers: noTimers,
  };
  const started = startDesktop(options);
  stub.electron.app.becomeReady();
  const desktop = await started;
  const window = stub.windows[0];
  if (window) window.webContents.mainFrame.url = window.loadedUrl ?? '';
  const sent = () => window?.webContents.sent ?? [];
  return { ...stub, desktop, window, sent, invoke: stub.electron.ipcMain.invoke.bind(stub.electron.ipcMain) };
}
const painted = () => new Promise(setImmediate);

describe('startDesktop (electron stubbed)', () => {
  it('quits at once when another instance holds the lock', async () => {
    const { electron, windows, desktop } = await start({ hasLock: false });
    expect(desktop).to.equal(null);
    expect(electron.app.quitCount).to.equal(1);
    expect(windows).to.have.length(0);
    expect(electron.ipcMain.handlers.size).to.equal(0);
  });

  it('opens one hardened window on the server with permissions, IPC, tray and the tsudoi: scheme in place', async () => {
    const { electron, windows, trays } = await start();
    expect(windows).to.have.length(1);
    expect(windows[0]?.loadedUrl).to.equal(config.serverUrl);
    expect(windows[0]?.webContents.navigate('https://evil.example.com/')).to.equal(false);
    expect(await electron.session.defaultSession.requestPermission('geolocation', PAGE)).to.equal(false);
    expect(await electron.session.defaultSession.requestPermission('media', PAGE)).to.equal(true);
    expect([...electron.ipcMain.handlers.keys()]).to.have.members(Object.values(IPC_CHANNELS));
    expect(electron.app.protocols).to.deep.equal(['tsudoi']);
    expect(trays).to.have.length(1);
    expect(trays[0]?.toolTip).to.equal('Tsudoi - Available');
  });

  it('opens a deep link from the command line, and sends later ones to the running page', async () => {
    const { electron, windows, sent } = await start({ argv: ['/opt/Tsudoi/tsudoi', 'tsudoi://floors/12?app_id=a1'] });
    expect(windows[0]?.loadedUrl).to.equal('https://office.example.jp/floors/12?app_id=a1');
    await painted();
    windows[0]!.hide();
    electron.app.emit('second-instance', { preventDefault() {} }, ['/opt/Tsudoi/tsudoi', 'tsudoi://floors/13']);
    let prevented = false;
    electron.app.emit('open-url', { preventDefault: () => (prevented = true) }, 'tsudoi://floors/14');
    electron.app.emit('second-instance', { preventDefault() {} }, ['/opt/Tsudoi/tsudoi', 'tsudoi://admin/secret']);
    expect(prevented).to.equal(true);
    expect(windows).to.have.length(1);
    expect(windows[0]).to.include({ visible: true, focused: true });
    expect(sent()).to.deep.equal([
      [IPC_EVENTS.navigate, { path: '/floors/13' }],
      [IPC_EVENTS.navigate, { path: '/floors/14' }],
    ]);
  });

  it('waits for ready before opening anything, keeping a link that arrived early', async () => {
    const stub = createElectronStub();
    const started = startDesktop({
      electron: stub.electron,
      config,
      preloadPath: '/p.cjs',
      trayIconDir: '/t',
      platform: 'darwin',
      argv: [],
      windowState: { read: () => undefined, write: () => undefined },
      log: stub.log,
      timers: noTimers,
    });
    stub.electron.app.emit('open-url', { preventDefault() {} }, 'tsudoi://floors/9');
    stub.electron.app.emit('second-instance', {}, []);
    expect(stub.windows).to.have.length(0);
    stub.electron.app.becomeReady();
    await started;
    expect(stub.windows.map((w) => w.loadedUrl)).to.deep.equal(['https://office.example.jp/floors/9']);
  });

  it('answers the bridge: app info, unread count on the badge and tray, show window', async () => {
    const { invoke, electron, window, trays } = await start();
    expect(await invoke(IPC_CHANNELS.getAppInfo, PAGE)).to.deep.equal({
      version: '1.2.3',
      platform: 'linux',
      serverUrl: config.serverUrl,
    });
    await invoke(IPC_CHANNELS.setUnreadCount, PAGE, 7);
    expect(electron.app.badgeCount).to.equal(7);
    await invoke(IPC_CHANNELS.setPresence, PAGE, 'meeting');
    expect(trays[0]).to.include({ image: '/app/tray/meeting-unread.png', toolTip: 'Tsudoi - In a meeting (7 unread)' });
    window!.minimized = true;
    await invoke(IPC_CHANNELS.showWindow, PAGE);
    expect(window).to.include({ minimized: false, visible: true, focused: true });
  });

  it('changes the status and mutes the microphone from the tray, telling the renderer', async () => {
    const { trays, sent, invoke } = await start();
    trays[0]!.clickItem('status-busy');
    trays[0]!.clickItem('mute');
    expect(sent()).to.deep.equal([
      [IPC_EVENTS.presenceRequested, { status: 'busy', reason: 'tray' }],
      [IPC_EVENTS.micMuteRequested, { muted: true }],
    ]);
    expect(trays[0]?.menu?.template.find((item) => item.id === 'mute')?.checked).to.equal(true);
    await invoke(IPC_CHANNELS.setMicMuted, PAGE, false);
    expect(trays[0]?.menu?.template.find((item) => item.id === 'mute')?.checked).to.equal(false);
  });

  it('sets away on lock and back on unlock, through the renderer', async () => {
    const { electron, sent, trays } = await start();
    electron.powerMonitor.emit('lock-screen');
    expect(trays[0]?.toolTip).to.equal('Tsudoi - Away');
    electron.powerMonitor.emit('unlock-screen');
    expect(sent()).to.deep.equal([
      [IPC_EVENTS.presenceRequested, { status: 'away', reason: 'lock' }],
      [IPC_EVENTS.presenceRequested, { status: 'available', reason: 'back' }],
    ]);
  });

  it('runs the screen picker round trip for the app window', async () => {
    const { electron, window, sent, invoke } = await start();
    electron.desktopCapturer.sources = [
      stubSource('screen:0:0', 'Entire screen'),
      stubSource('window:100:0', 'Tsudoi'),
    ];
    const granted = electron.session.defaultSession.requestDisplayMedia({
      frame: window!.webContents.mainFrame,
      securityOrigin: config.appOrigin,
      videoRequested: true,
    });
    await painted();
    const [[channel, payload]] = sent() as [[string, { requestId: string; sources: Array<{ id: string }> }]];
    expect(channel).to.equal(IPC_EVENTS.screenPickRequested);
    expect(payload.sources.map((s) => s.id)).to.deep.equal(['screen:0:0']); // not the app's own window
    await invoke(IPC_CHANNELS.chooseScreenSource, PAGE, { requestId: payload.requestId, sourceId: 'screen:0:0' });
    expect(await granted).to.deep.equal({ video: { id: 'screen:0:0', name: 'Entire screen' } });
  });

  it('notifies natively only while the window is hidden; a click navigates there', async () => {
    const { invoke, window, notifications, sent } = await start();
    await painted();
    const knock = { kind: 'knock', title: 'Taro knocks', body: 'Room 5', path: '/floors/12' };
    expect(await invoke(IPC_CHANNELS.notify, PAGE, knock)).to.equal(true); // painted, but never focused
    window!.focus();
    expect(await invoke(IPC_CHANNELS.notify, PAGE, knock)).to.equal(false);
    window!.close(); // into the tray
    notifications[0]!.emit('click');
    expect(window).to.include({ visible: true, focused: true, closed: false });
    expect(sent()).to.deep.equal([[IPC_EVENTS.navigate, { path: '/floors/12' }]]);
  });

  it('closes into the tray and quits cleanly from it: windows closed, tray gone, nothing left pending', async () => {
    const { electron, window, trays, desktop } = await start({ platform: 'win32' });
    expect(electron.app.appUserModelId).to.equal('jp.tsudoi.desktop'); // toasts need it on Windows
    window!.close();
    expect(window).to.include({ closed: false, visible: false });
    expect(electron.app.quitCount).to.equal(0);
    electron.app.emit('activate');
    expect(window?.visible).to.equal(true);
    trays[0]!.clickItem('launch-at-login');
    expect(electron.app.loginItem).to.deep.equal({ openAtLogin: true });
    trays[0]!.clickItem('quit');
    expect(electron.app.quitCount).to.equal(1);
    window!.close(); // Electron closes every window after before-quit
    expect(window?.closed).to.equal(true);
    expect(trays[0]?.destroyed).to.equal(true);
    expect(desktop?.picker.pendingRequestId).to.equal(null);
  });
});
