import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import { request, type ClientToServerEvents, type ServerToClientEvents, type SystemPong } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDialect } from '../testing/databases';
import { actor } from '../features/companies/fixtures';
import { serverPair } from '../testing/server-pair';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let token = '';
function open(
  url: string,
  lang?: string,
  auth: { token?: string } = { token },
): Promise<{ client: Client; welcome: Parameters<ServerToClientEvents['system:welcome']>[0] }> {
  const client: Client = connect(url, { transports: ['websocket'], query: lang ? { lang } : {}, auth, forceNew: true });
  return new Promise((resolve, reject) => {
    client.once('system:welcome', (welcome) => resolve({ client, welcome }));
    client.once('connect_error', reject);
  });
}

describe(`realtime over real Socket.IO (${testDialect()})`, function () {
  this.timeout(30_000);
  let server: TestServer;
  const clients: Client[] = [];
  before(async () => {
    server = await startTestServer();
    token = (await actor(server, 'socket@example.com')).headers.Authorization.slice('Bearer '.length);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  after(() => server?.close());

  it('welcomes a socket in the language of its query', async () => {
    const { client, welcome } = await open(server.url, 'en');
    clients.push(client);
    expect(welcome.socketId).to.equal(client.id);
    expect(welcome.locale).to.equal('en');
    expect(Math.abs(welcome.serverTime - Date.now())).to.be.below(5000);
  });

  it('answers a typed request through its acknowledgement', async () => {
    const { client } = await open(server.url);
    clients.push(client);
    const sentAt = Date.now();
    const answer = await request<SystemPong>(client, 'system:ping', { sentAt });
    expect(answer.ok).to.equal(true);
    if (answer.ok) {
      expect(answer.data.sentAt).to.equal(sentAt);
      expect(answer.data.serverTime).to.be.at.least(sentAt);
    }
  });

  it('refuses an invalid payload with VALIDATION_FAILED and the field, in the socket language', async () => {
    const { client } = await open(server.url, 'ja');
    clients.push(client);
    const answer = await request(client, 'system:ping', { sentAt: 'yesterday' });
    expect(answer.ok).to.equal(false);
    if (!answer.ok) {
      expect(answer.error.code).to.equal('VALIDATION_FAILED');
      expect(answer.error.message).to.equal('入力内容に誤りがあります。');
      expect(answer.error.fields).to.have.property('sentAt');
    }
  });

  it("gives 'Timed Out' when no answer comes in time", async () => {
    const { client } = await open(server.url);
    clients.push(client);
    const answer = await request(client, 'nobody:listens', {}, 300);
    expect(answer).to.deep.equal({ ok: false, error: { code: 'TIMED_OUT', message: 'Timed Out' } });
  });

  it('refuses a socket without a token (UNAUTHORIZED) or with a bad or signed-out one (AUTHORIZATION_FAILED)', async () => {
    const refusal = (auth: { token?: string }) =>
      open(server.url, 'en', auth).then(
        () => expect.fail('connected'),
        (err: Error & { data?: { code: string; message: string } }) => err.data,
      );
    expect(await refusal({})).to.deep.equal({
      code: 'UNAUTHORIZED',
      message: 'You are not signed in or have no permission.',
    });
    expect((await refusal({ token: 'not-a-jwt' }))?.code).to.equal('AUTHORIZATION_FAILED');
    const leaver = await actor(server, 'leaver@example.com');
    await server.features.tokens.revokeAll(leaver.user.id);
    expect((await refusal({ token: leaver.headers.Authorization.slice(7) }))?.code).to.equal('AUTHORIZATION_FAILED');
  });

  describe('with the Redis adapter (two server processes sharing Redis)', () => {
    const pair = serverPair();

    it('lets one server see and reach a socket connected to the other', async () => {
      const shared = (await actor(pair.a, 'shared@example.com')).headers.Authorization.slice(7);
      const { client } = await open(pair.b.url, undefined, { token: shared });
      clients.push(client);
      const remote = await pair.a.realtime.io.fetchSockets();
      expect(remote.map((s) => s.id)).to.include(client.id);
      const seen = new Promise<number>((resolve) => client.once('system:welcome', (w) => resolve(w.serverTime)));
      pair.a.realtime.io.to(client.id!).emit('system:welcome', { socketId: client.id!, serverTime: 42, locale: 'ja' });
      expect(await seen).to.equal(42);
    });
  });
});
