import { expect } from 'chai';
import { ConfigError, loadConfig } from './config';

describe('desktop config', () => {
  it('defaults to the local server', () => {
    expect(loadConfig({})).to.deep.equal({ serverUrl: 'http://127.0.0.1:3000/', appOrigin: 'http://127.0.0.1:3000' });
    expect(loadConfig({ TSUDOI_SERVER_URL: '  ' }).serverUrl).to.equal('http://127.0.0.1:3000/');
  });

  it('reads TSUDOI_SERVER_URL, keeping a path prefix but trusting only its origin', () => {
    expect(loadConfig({ TSUDOI_SERVER_URL: 'https://Office.Example.jp/tsudoi/' })).to.deep.equal({
      serverUrl: 'https://office.example.jp/tsudoi/',
      appOrigin: 'https://office.example.jp',
    });
  });

  it('fails fast on anything but an http(s) URL without credentials', () => {
    for (const value of ['office.example.jp', 'file:///opt/tsudoi/index.html', 'ftp://x.jp/', 'https://me:pw@x.jp/']) {
      expect(() => loadConfig({ TSUDOI_SERVER_URL: value }), value)
        .to.throw(ConfigError)
        .with.property('message')
        .that.matches(/TSUDOI_SERVER_URL: .*\(got "/);
    }
  });
});
