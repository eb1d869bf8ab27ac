import { expect } from 'chai';
import type { ScreenSource } from '@tsudoi/common/protocol/ipc';
import { installDisplayMediaHandler, ScreenPicker, THUMBNAIL_SIZE, toScreenSources } from './screen-capture';
import { createElectronStub, stubSource } from './testing/electron-stub';

const APP = 'https://office.example.jp';
const OWN = 'window:77:0';
const SOURCES = [
  stubSource('window:12:0', 'Minutes.docx - Word', { icon: true }),
  stubSource('screen:0:0', 'Entire screen'),
  stubSource(OWN, 'Tsudoi'),
  stubSource('window:13:0', 'Minimized', { empty: true }),
  stubSource('window:14:0', '   '),
  stubSource('screen:1:0', 'Screen 2'),
  stubSource('webcontents:5', 'Something else'),
];

describe('toScreenSources', () => {
  it('offers screens first, then the showable windows other than the app itself, with thumbnails', () => {
    expect(toScreenSources(SOURCES, OWN)).to.deep.equal([
      {
        id: 'screen:0:0',
        name: 'Entire screen',
        kind: 'screen',
        thumbnail: 'data:image/png;base64,screen:0:0',
        appIcon: null,
      },
      {
        id: 'screen:1:0',
        name: 'Screen 2',
        kind: 'screen',
        thumbnail: 'data:image/png;base64,screen:1:0',
        appIcon: null,
      },
      {
        id: 'window:12:0',
        name: 'Minutes.docx - Word',
        kind: 'window',
        thumbnail: 'data:image/png;base64,window:12:0',
        appIcon: 'data:image/png;base64,icon-window:12:0',
      },
    ] satisfies ScreenSource[]);
    expect(toScreenSources(SOURCES, null).map((s) => s.id)).to.include(OWN);
  });
});

function setup({ sources = SOURCES, showPicker = true } = {}) {
  const stub = createElectronStub();
  stub.electron.desktopCapturer.sources = sources;
  const shown: Array<{ requestId: string; sources: ScreenSource[] }> = [];
  let counter = 0;
  const picker = new ScreenPicker({
    desktopCapturer: stub.electron.desktopCapturer,
    showPicker: (requestId, offered) => (shown.push({ requestId, sources: offered }), showPicker),
    ownWindowId: () => OWN,
    log: stub.log,
    newId: () => `r${++counter}`,
  });
  const appFrame = { url: `${APP}/floors/3` };
  const session = stub.electron.session.defaultSession;
  installDisplayMediaHandler(session, { picker, appOrigin: APP, isAppFrame: (frame) => frame === appFrame });
  const request = (overrides = {}) =>
    session.requestDisplayMedia({ frame: appFrame, securityOrigin: APP, videoRequested: true, ...overrides });
  return { stub, picker, shown, request, appFrame };
}

describe('display-media handler and picker (electron stubbed)', () => {
  it('asks the renderer to pick, and grants exactly the chosen source', async () => {
    const { stub, picker, shown, request } = setup();
    const granted = request();
    await new Promise(setImmediate);
    expect(stub.electron.desktopCapturer.requests).to.deep.equal([
      { types: ['screen', 'window'], thumbnailSize: THUMBNAIL_SIZE, fetchWindowIcons: true },
    ]);
    expect(shown.map((s) => [s.requestId, s.sources.length])).to.deep.equal([['r1', 3]]);
    picker.choose({ requestId: 'r1', sourceId: 'window:12:0' });
    expect(await granted).to.deep.equal({ video: { id: 'window:12:0', name: 'Minutes.docx - Word' } });
    expect(picker.pendingRequestId).to.equal(null);
  });

  it('denies when the user cancels', async () => {
    const { picker, request } = setup();
    const granted = request();
    await new Promise(setImmediate);
    picker.choose({ requestId: 'r1', sourceId: null });
    expect(await granted).to.deep.equal({});
  });

  it('refuses a source that was not offered, and answers for unknown requests with an error', async () => {
    const { picker, request } = setup();
    const granted = request();
    await new Promise(setImmediate);
    expect(() => picker.choose({ requestId: 'r9', sourceId: 'screen:0:0' })).to.throw('No such screen share request');
    expect(() => picker.choose({ requestId: 'r1', sourceId: OWN })).to.throw('That source was not offered');
    expect(await granted).to.deep.equal({});
    expect(() => picker.choose({ requestId: 'r1', sourceId: 'screen:0:0' })).to.throw('No such screen share request');
  });

  it('lets only the app window main frame on the app origin ask, and only for video', async () => {
    const { shown, request, appFrame } = setup();
    const refused = [
      { frame: null },
      { frame: { url: `${APP}/floors/3` } }, // same URL, another frame (an iframe, another window)
      { securityOrigin: 'https://evil.example.com' },
      { videoRequested: false },
    ];
    for (const overrides of refused) expect(await request(overrides), JSON.stringify(overrides)).to.deep.equal({});
    appFrame.url = 'https://evil.example.com/';
    expect(await request()).to.deep.equal({});
    expect(shown).to.deep.equal([]);
  });

  it('denies at once when nothing can be shared, the sources cannot be listed or no window shows the picker', async () => {
    expect(await setup({ sources: [] }).request()).to.deep.equal({});
    expect(await setup({ showPicker: false }).request()).to.deep.equal({});
    const failing = setup();
    failing.stub.electron.desktopCapturer.failure = new Error('PipeWire is not running');
    expect(await failing.request()).to.deep.equal({});
    expect(failing.stub.logged[0]?.[0]).to.equal('Could not list the screens and windows to share');
  });

  it('cancels an open request when a newer one comes, or on cancel()', async () => {
    const { picker, request } = setup();
    const first = request();
    await new Promise(setImmediate);
    const second = request();
    expect(await first).to.deep.equal({});
    await new Promise(setImmediate);
    expect(picker.pendingRequestId).to.equal('r2');
    picker.cancel();
    expect(await second).to.deep.equal({});
  });
});
