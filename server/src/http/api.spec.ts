import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { errorBodySchema, healthSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDialect } from '../testing/databases';
import { call } from '../testing/http';
import { precompressDir } from '../../../build/lib/precompress.mjs';

/** GET with exactly this Accept-Encoding (fetch would decode): status, headers and the raw body. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

/** Minimal built shells, so these tests check the server's serving rules, not a UI build. */
function fakeDist(title: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<html><head><title>${title}</title></head><body></body></html>`);
  fs.writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'big.js'), `export const words = ${JSON.stringify('集い tsudoi '.repeat(400))};\n`);
  return dir;
}

describe(`REST basics over the real server (${testDialect()})`, function () {
  this.timeout(30_000);
  let server: TestServer;
  const uiDir = fakeDist('floor-ui');
  const adminDir = fakeDist('admin-ui');

  before(async () => {
    await precompressDir(uiDir); // as the build does (build/lib/precompress.mjs)
    server = await startTestServer({ UI_DIST_DIR: uiDir, ADMIN_DIST_DIR: adminDir });
  });
  after(async () => {
    await server?.close();
    for (const dir of [uiDir, adminDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports database, live media workers and version on /api/health', async () => {
    const res = await call(server.url, '/api/health', { apiKey: null });
    expect(res.status).to.equal(200);
    const health = healthSchema.parse(res.json);
    expect(health.status).to.equal('ok');
    expect(health.database).to.include({ ok: true, dialect: testDialect() });
    expect(health.media.workers).to.have.length(1);
    const [worker] = health.media.workers;
    expect(worker!.alive).to.equal(true);
    expect(worker!.pid).to.be.greaterThan(0);
    expect(worker!.webRtcServerPort).to.be.greaterThan(0);
  });

  it('refuses /api calls without the right x-api-key, in the caller language', async () => {
    const missing = await call(server.url, '/api/anything', { apiKey: null });
    expect(missing.status).to.equal(401);
    expect(errorBodySchema.parse(missing.json).error).to.deep.equal({
      code: 'INVALID_API_KEY',
      message: 'API キーがないか、正しくありません。',
    });
    const wrong = await call(server.url, '/api/anything', { apiKey: 'tsudoi-dev-keY', lang: 'en' });
    expect(wrong.status).to.equal(401);
    expect(wrong.json.error!.message).to.equal('The API key is missing or wrong.');
  });

  it('answers unknown API paths with NOT_FOUND and malformed JSON with MALFORMED_JSON', async () => {
    const notFound = await call(server.url, '/api/nothing-here');
    expect(notFound.status).to.equal(404);
    expect(notFound.json.error!.code).to.equal('NOT_FOUND');
    const malformed = await call(server.url, '/api/nothing-here', { rawBody: '{"a":' });
    expect(malformed.status).to.equal(400);
    expect(malformed.json.error!.code).to.equal('MALFORMED_JSON');
  });

  it('serves the floor UI for any page path with the client config and a strict CSP', async () => {
    const res = await fetch(`${server.url}/floors/12/live?app_id=abc`);
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('<title>floor-ui</title>');
    expect(html).to.contain(
      '<meta name="tsudoi-config" content="{&quot;apiKey&quot;:&quot;tsudoi-dev-key&quot;,&quot;chatUploadMaxBytes&quot;:26214400}">',
    );
    expect(html).not.to.contain('adminKey');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).to.contain("script-src 'self'");
    expect(csp).not.to.contain("'unsafe-inline' 'self'");
    expect(await (await fetch(`${server.url}/app.js`)).text()).to.equal('console.log(1)');
  });

  it("sends the build's own Brotli or gzip copy of a script, whichever the browser takes, else the file", async () => {
    const original = fs.readFileSync(path.join(uiDir, 'big.js'));
    const br = await rawGet(`${server.url}/big.js`, 'gzip, deflate, br');
    expect(br.status).to.equal(200);
    expect(br.headers).to.include({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(br.headers['content-type']).to.match(/^text\/javascript/);
    expect(br.body.equals(fs.readFileSync(path.join(uiDir, 'big.js.br')))).to.equal(true);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).to.equal(true);

    const gz = await rawGet(`${server.url}/big.js`, 'gzip');
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(zlib.gunzipSync(gz.body).equals(original)).to.equal(true);

    const plain = await rawGet(`${server.url}/big.js`, 'identity');
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.body.equals(original)).to.equal(true);
    // too small to be worth a copy: sent as it is
    expect(fs.existsSync(path.join(uiDir, 'app.js.br'))).to.equal(false);
  });

  it("serves the public site's files, and answers one that is not there with 404 NOT_FOUND, never 500", async () => {
    const css = await fetch(`${server.url}/site/site.css`);
    expect(css.status).to.equal(200);
    expect(css.headers.get('content-type')).to.match(/^text\/css/);
    for (const missing of ['/site/nope.css', '/site/brand/nope.svg']) {
      const res = await fetch(`${server.url}${missing}`, { headers: { 'Accept-Language': 'en' } });
      expect(res.status, missing).to.equal(404);
      expect(errorBodySchema.parse(await res.json()).error.code, missing).to.equal('NOT_FOUND');
    }
  });

  it('serves the admin shell only under the configured key; any other key is 404 Page not found', async () => {
    const ok = await fetch(`${server.url}/admin/secret/login`);
    expect(ok.status).to.equal(200);
    const okHtml = await ok.text();
    expect(okHtml).to.contain('<title>admin-ui</title>');
    expect(okHtml).to.contain('&quot;adminKey&quot;:&quot;secret&quot;');

    // Japanese first: an English browser that chose nothing reads Japanese; one that chose English, English
    const japanese = await fetch(`${server.url}/admin/guess/login`, { headers: { 'Accept-Language': 'en' } });
    expect([japanese.status, (await japanese.text()).includes('ページが見つかりません')]).to.deep.equal([404, true]);
    const wrong = await fetch(`${server.url}/admin/guess/login`, { headers: { Cookie: 'tsudoi_locale=en' } });
    expect(wrong.status).to.equal(404);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).to.contain('Page not found');
    expect(wrongHtml).not.to.contain('secret');
    expect((await fetch(`${server.url}/admin`)).status).to.equal(404);
    expect(await (await fetch(`${server.url}/admin-assets/app.js`)).text()).to.equal('console.log(1)');
  });
});
