import { expect } from 'chai';
import type { Ack } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../testing/test-server';
import { actor, type Actor } from '../features/companies/fixtures';
import { twoTeams } from '../features/floors/fixtures';
import { tokenOf } from '../features/floors/live/live.testing';
import {
  ask,
  askRaw,
  capturedLogger,
  disconnected,
  fire,
  open,
  pause,
  refusedHandshake,
  tally,
  type Client,
} from './support/sockets';
import { serverPair } from '../testing/server-pair';

/**
 * Issue 13 item 4, each limit of one socket seen from the attacker's side
 * (realtime/guard): the rate per socket and per account, the requests in
 * flight, the payload's shape and size, events without an acknowledgement or
 * a handler (and what they cost the log), and the flood disconnect with its
 * cooldown. Each case uses its own account and client address.
 */
describe('socket limits, from the attacker’s side', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const captured = capturedLogger();
  const clients: Client[] = [];
  let nextAddress = 1;
  const socket = async (who: Actor, lang = 'en') => {
    const client = await open(server, tokenOf(who), `192.0.2.${nextAddress++}`, lang);
    clients.push(client);
    return client;
  };
  before(async () => {
    server = await startTestServer({}, { logger: captured.logger });
    teams = await twoTeams(server);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  after(() => server?.close());

  it('answers RATE_LIMITED with retryAfterS past a socket’s rate, read events included, in its language', async () => {
    const client = await socket(teams.memberA, 'ja');
    const answers: Ack<unknown>[] = [];
    const started = Date.now();
    while (answers.length < 60 && !answers.some((a) => !a.ok))
      answers.push(await ask(client, 'system:ping', { sentAt: Date.now() }));
    const firstRefused = answers.length - 1;
    // a burst of 40 reads, refilled at 10 a second while the pings went (about 1 ms each)
    expect(firstRefused).to.be.within(40, 40 + 10 * Math.ceil((Date.now() - started) / 1000));
    expect(answers.at(-1)).to.deep.equal({
      ok: false,
      error: {
        code: 'RATE_LIMITED',
        message: '試行回数が多すぎます。しばらくしてから再度お試しください。',
        retryAfterS: 1,
      },
    });
    const conversationId = 1;
    const read = await ask(client, 'chat:getMessages', { conversationId });
    expect(read.ok === false && read.error.code).to.equal('RATE_LIMITED');
    await pause(1100);
    expect((await ask(client, 'system:ping', { sentAt: Date.now() })).ok).to.equal(true);
  });

  it('limits an account over all its sockets (20 reads a second plus 100), not its teammates', async () => {
    const many = await actor(server, 'many-sockets@abuse.example');
    const sockets = await Promise.all(Array.from({ length: 4 }, () => socket(many)));
    const teammate = await socket(await actor(server, 'teammate@abuse.example'));
    const started = Date.now();
    const answers = await Promise.all(
      sockets.map(async (client) => {
        const mine: Ack<unknown>[] = [];
        for (let i = 0; i < 38; i++) mine.push(await ask(client, 'system:ping', { sentAt: Date.now() }));
        return mine;
      }),
    );
    // 4 sockets × 38 are within each socket's own burst (40): every refusal is the account's. It allows 20
    // a second plus a burst of 100 in 10 s: 120 in the first second, 20 more for each second the pings took
    const counts = tally(answers.flat());
    expect(Object.keys(counts).sort()).to.deep.equal(['RATE_LIMITED', 'ok']);
    expect(counts.ok).to.be.within(120, 120 + 20 * Math.ceil((Date.now() - started) / 1000));
    expect((await ask(teammate, 'system:ping', { sentAt: Date.now() })).ok).to.equal(true);
  });

  it('caps the requests in flight per socket with TOO_MANY_PENDING_REQUESTS, and frees them once answered', async () => {
    // chat:unsendMessage of a message that does not exist: a database lookup each, within every rate
    const unsend = (client: Client) => ask(client, 'chat:unsendMessage', { messageId: 999_999 });
    const client = await socket(teams.adminA);
    expect(tally(await Promise.all(Array.from({ length: 20 }, () => unsend(client))))).to.deep.equal({
      CHAT_MESSAGE_NOT_FOUND: 20,
    });
    const other = await socket(teams.ownerA);
    const counts = tally(await Promise.all(Array.from({ length: 50 }, () => unsend(other))));
    expect(Object.keys(counts).sort()).to.deep.equal(['CHAT_MESSAGE_NOT_FOUND', 'TOO_MANY_PENDING_REQUESTS']);
    expect(counts.CHAT_MESSAGE_NOT_FOUND).to.be.at.least(32);
    const last = await unsend(other);
    expect(last.ok === false && last.error.code).to.equal('CHAT_MESSAGE_NOT_FOUND');
  });

  it('refuses payloads nested too deep or holding too many values with VALIDATION_FAILED, changing nothing', async () => {
    const client = await socket(teams.memberB);
    const nestedJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const nested = (levels: number) => JSON.parse(nestedJson(levels)) as unknown;
    for (const payload of [
      JSON.stringify({ conversationId: 1, before: nested(10) }),
      nestedJson(60_000), // written raw: socket.io-client cannot encode it
      JSON.stringify({ conversationId: 1, before: new Array(6000).fill(0) }),
    ]) {
      const answer = await askRaw(client, 'chat:sendMessage', payload);
      expect(answer).to.deep.equal({
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fields: { _: 'The request is nested too deeply or holds too many values' },
        },
      });
    }
    expect(await server.models.ChatMessage.count()).to.equal(0);
    // nine levels is the payload's own business: the schema answers for its fields
    const shallow = await ask(client, 'chat:getMessages', { conversationId: 1, before: nested(9) });
    expect(shallow.ok === false && Object.keys(shallow.error.fields ?? {})).to.deep.equal(['before']);
  });

  it('closes the connection of a message over 128 KB, and reads one just under it', async () => {
    const client = await socket(teams.ownerB);
    const under = await ask(client, 'chat:sendMessage', { conversationId: 1, content: 'x'.repeat(120 * 1024) });
    expect(under.ok === false && under.error.code).to.equal('VALIDATION_FAILED');
    const gone = disconnected(client);
    fire(client, 'chat:sendMessage', { conversationId: 1, content: 'x'.repeat(130 * 1024) });
    expect(await gone).to.match(/^transport (close|error)$/);
    const again = await socket(teams.ownerB);
    expect((await ask(again, 'system:ping', { sentAt: 1 })).ok).to.equal(true);
  });

  it('drops events without an acknowledgement or a handler: a few log lines, the rest counted', async () => {
    const client = await socket(await actor(server, 'no-ack@abuse.example'));
    const from = captured.lines.length;
    for (let i = 0; i < 100; i++) fire(client, 'chat:getMessages', { conversationId: 1 });
    for (let i = 0; i < 50; i++) fire(client, 'made:up', { i });
    // still connected and served (140 refusals stay under the flood threshold of 200 in 10 s)
    expect((await ask(client, 'chat:sendMessage', { conversationId: 0, content: 'x' })).ok).to.equal(false);
    expect(client.connected).to.equal(true);
    const log = server.realtime.guard.log;
    expect([log.totals.get('noAck'), log.totals.get('unknownEvent')]).to.deep.equal([100, 50]);
    log.flush();
    await pause(50);
    const lines = captured.lines.slice(from).map((l) => l.msg);
    const count = (msg: string) => lines.filter((m) => m === msg).length;
    expect(count('socket request without acknowledgement dropped')).to.equal(5);
    expect(count('socket event without a handler dropped')).to.equal(5);
    expect(lines).to.include.members([
      'socket request without acknowledgement dropped (95 more within 10 s not logged)',
      'socket event without a handler dropped (45 more within 10 s not logged)',
    ]);
    expect(lines.length).to.be.below(20);
  });

  it('disconnects a socket that keeps flooding; its account may not connect again for 30 s, others may', async () => {
    const flooder = await actor(server, 'flooder@abuse.example');
    const client = await socket(flooder);
    const gone = disconnected(client);
    const answers = Array.from({ length: 400 }, () => ask(client, 'system:ping', { sentAt: 1 }, 2000));
    expect(await gone).to.equal('io server disconnect');
    const counts = tally(await Promise.all(answers));
    expect(counts.RATE_LIMITED).to.be.above(100);
    expect(server.realtime.guard.floods.get('refusals')).to.be.at.least(1);
    const refusal = await refusedHandshake(server, tokenOf(flooder), '192.0.2.250');
    expect(refusal.code).to.equal('RATE_LIMITED');
    expect(refusal.retryAfterS).to.be.within(25, 30);
    expect((await ask(await socket(teams.adminA), 'system:ping', { sentAt: 1 })).ok).to.equal(true);
  });

  describe('with Redis (two server processes)', function () {
    const pair = serverPair();

    it('shares an account’s budget between the processes (120 reads at once in all)', async () => {
      // Redis outlives this test's database: an id of its own keeps other runs' counts apart
      const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
      const who = await actor(pair.a, `shared-${id}@abuse.example`, { id } as never);
      const unique = () => `198.18.${Math.floor(Math.random() * 255)}.${nextAddress++}`;
      const sockets = await Promise.all(
        Array.from({ length: 4 }, (_, i) => open(i % 2 ? pair.b : pair.a, tokenOf(who), unique())),
      );
      clients.push(...sockets);
      const started = Date.now();
      const answers = await Promise.all(
        sockets.map(async (client) => {
          const mine: Ack<unknown>[] = [];
          for (let i = 0; i < 38; i++) mine.push(await ask(client, 'system:ping', { sentAt: Date.now() }));
          return mine;
        }),
      );
      // each process alone would allow all of its 76: fewer than 152 pass because the count is shared
      const counts = tally(answers.flat());
      expect(counts.ok).to.be.within(120, 120 + 20 * Math.ceil((Date.now() - started) / 1000));
      expect(counts.ok).to.be.below(152);
      expect(counts.RATE_LIMITED).to.equal(152 - counts.ok!);
    });
  });
});
