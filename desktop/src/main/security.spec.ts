import { expect } from 'chai';
import type { HeadersDetails } from './electron-api';
import { createElectronStub } from './testing/electron-stub';
import {
  FALLBACK_CSP,
  hardenWebContents,
  installCsp,
  installPermissionHandlers,
  isAllowedNavigation,
  isPermissionAllowed,
} from './security';

const APP = 'https://office.example.jp';

describe('security', () => {
  describe('isAllowedNavigation', () => {
    it('allows pages of the app origin', () => {
      expect(isAllowedNavigation(`${APP}/`, APP)).to.equal(true);
      expect(isAllowedNavigation(`${APP}/rooms/3?x=1#chat`, APP)).to.equal(true);
      expect(isAllowedNavigation('HTTPS://OFFICE.example.jp:443/floor', APP)).to.equal(true);
    });

    it('refuses other origins, other ports and schemes, file:, javascript:, data:, blob: and garbage', () => {
      for (const url of [
        'https://evil.example.com/',
        'https://office.example.jp.evil.com/',
        'http://office.example.jp/',
        'https://office.example.jp:8443/',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        `blob:${APP}/0b5e0c8e-4a43-4d8e-9a3d-5b0b7bb4d0f1`,
        'not a url',
        '',
      ]) {
        expect(isAllowedNavigation(url, APP), url).to.equal(false);
      }
    });
  });

  describe('isPermissionAllowed', () => {
    it('grants media, screen capture and sanitized clipboard writes to the app origin', () => {
      for (const permission of ['media', 'display-capture', 'clipboard-sanitized-write']) {
        expect(isPermissionAllowed(permission, APP, APP), permission).to.equal(true);
      }
    });

    it('refuses them to any other origin, and everything else to everyone', () => {
      expect(isPermissionAllowed('media', 'https://evil.example.com', APP)).to.equal(false);
      expect(isPermissionAllowed('display-capture', 'https://evil.example.com', APP)).to.equal(false);
      expect(isPermissionAllowed('media', null, APP)).to.equal(false);
      const others = [
        'notifications',
        'geolocation',
        'clipboard-read',
        'midiSysex',
        'openExternal',
        'hid',
        'fullscreen',
      ];
      for (const permission of others) {
        expect(isPermissionAllowed(permission, APP, APP), permission).to.equal(false);
      }
    });
  });

  describe('installPermissionHandlers (electron stubbed)', () => {
    it('answers permission requests and checks by permission and origin', async () => {
      const { electron } = createElectronStub();
      const session = electron.session.defaultSession;
      installPermissionHandlers(session, APP);

      expect(await session.requestPermission('media', `${APP}/rooms/1`)).to.equal(true);
      expect(await session.requestPermission('display-capture', `${APP}/rooms/1`)).to.equal(true);
      expect(await session.requestPermission('media', 'https://evil.example.com/embed')).to.equal(false);
      expect(await session.requestPermission('display-capture', 'https://evil.example.com/')).to.equal(false);
      expect(await session.requestPermission('geolocation', `${APP}/`)).to.equal(false);
      expect(await session.requestPermission('notifications', `${APP}/`)).to.equal(false);
      expect(session.checkPermission('media', APP)).to.equal(true);
      expect(session.checkPermission('media', 'https://evil.example.com')).to.equal(false);
      expect(session.checkPermission('geolocation', APP)).to.equal(false);
    });
  });

  describe('hardenWebContents (electron stubbed)', () => {
    const harden = () => {
      const { electron, log } = createElectronStub();
      const contents = new electron.BrowserWindow({}).webContents;
      hardenWebContents(contents, { shell: electron.shell, appOrigin: APP, log });
      return { contents, opened: electron.shell.opened };
    };

    it('denies every new window and opens http(s) links in the system browser', () => {
      const { contents, opened } = harden();
      expect(contents.openWindow('https://docs.example.com/help')).to.deep.equal({ action: 'deny' });
      expect(contents.openWindow(`${APP}/rooms/2`)).to.deep.equal({ action: 'deny' });
      expect(contents.openWindow('http://intranet.local/')).to.deep.equal({ action: 'deny' });
      expect(opened).to.deep.equal(['https://docs.example.com/help', `${APP}/rooms/2`, 'http://intranet.local/']);
    });

    it('never hands other schemes to the operating system', () => {
      const { contents, opened } = harden();
      for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'ms-settings:privacy', '']) {
        expect(contents.openWindow(url), url).to.deep.equal({ action: 'deny' });
      }
      expect(opened).to.deep.equal([]);
    });

    it('keeps the main frame on the app origin, for navigations and redirects', () => {
      const { contents } = harden();
      expect(contents.navigate(`${APP}/rooms/5`)).to.equal(true);
      expect(contents.navigate('https://evil.example.com/')).to.equal(false);
      expect(contents.navigate('file:///home/user/Downloads/minutes.html')).to.equal(false);
      expect(contents.navigate(`${APP}/logout`, { redirect: true })).to.equal(true);
      expect(contents.navigate('https://evil.example.com/', { redirect: true })).to.equal(false);
    });

    it('leaves sub-frame redirects to the page (an embedded video may redirect)', () => {
      const { contents } = harden();
      expect(contents.navigate('https://cdn.example.com/v', { redirect: true, isMainFrame: false })).to.equal(true);
    });
  });

  describe('installCsp (electron stubbed)', () => {
    const receive = (
      url: string,
      resourceType: HeadersDetails['resourceType'],
      responseHeaders?: Record<string, string[]>,
    ) => {
      const { electron } = createElectronStub();
      installCsp(electron.session.defaultSession, APP);
      return electron.session.defaultSession.receiveHeaders({ url, resourceType, responseHeaders });
    };

    it('gives app documents without a CSP the fallback one', () => {
      for (const type of ['mainFrame', 'subFrame'] as const) {
        expect(receive(`${APP}/floors/1`, type, { 'Content-Type': ['text/html'] })).to.deep.equal({
          'Content-Type': ['text/html'],
          'Content-Security-Policy': [FALLBACK_CSP],
        });
      }
      expect(FALLBACK_CSP)
        .to.match(/default-src 'self'/)
        .and.match(/object-src 'none'/)
        .and.not.match(/\s'unsafe-eval'/);
    });

    it("keeps the server's own CSP, and leaves other resources and origins alone", () => {
      const own = { 'content-security-policy': ["default-src 'self'"] };
      expect(receive(`${APP}/`, 'mainFrame', own)).to.deep.equal(own);
      expect(receive(`${APP}/assets/app.js`, 'script', {})).to.deep.equal({});
      expect(receive('https://cdn.example.com/v', 'subFrame', {})).to.deep.equal({});
    });
  });
});
