import { expect } from 'chai';
import { authProvidersSchema } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDialect } from '../../../testing/databases';
import { call } from '../../../testing/http';

describe(`GET /api/auth/providers: the sign-in buttons to show (${testDialect()})`, function () {
  this.timeout(60_000);
  let googleOnly: TestServer;
  let none: TestServer;
  const providers = async (server: TestServer) => {
    const res = await call(server.url, '/api/auth/providers');
    expect(res.status).to.equal(200);
    expect(Object.keys(res.json)).to.deep.equal(['data']);
    return authProvidersSchema.strict().parse(res.json.data);
  };
  /** What the browser meets when it starts the provider's flow: a redirect, or 404 for a disabled one. */
  const start = async (server: TestServer, provider: string) =>
    (await fetch(`${server.url}/api/auth/${provider}`, { redirect: 'manual' })).status;

  before(async () => {
    googleOnly = await startTestServer({
      GOOGLE_CLIENT_ID: 'tsudoi-google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      FACEBOOK_APP_ID: '',
      FACEBOOK_APP_SECRET: '',
    });
    none = await startTestServer({
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      FACEBOOK_APP_ID: '',
      FACEBOOK_APP_SECRET: '',
    });
  });
  after(async () => {
    await googleOnly?.close();
    await none?.close();
  });

  it('answers exactly the providers whose flow works, without a session', async () => {
    expect(await providers(googleOnly)).to.deep.equal({ google: true, facebook: false });
    expect(await start(googleOnly, 'google')).to.equal(302);
    expect(await start(googleOnly, 'facebook')).to.equal(404);

    expect(await providers(none)).to.deep.equal({ google: false, facebook: false });
    expect(await start(none, 'google')).to.equal(404);
  });

  it('is an API call like the others: refused without the API key', async () => {
    const res = await call(none.url, '/api/auth/providers', { apiKey: null });
    expect(res.status).to.equal(401);
    expect(res.json.error!.code).to.equal('INVALID_API_KEY');
  });
});
