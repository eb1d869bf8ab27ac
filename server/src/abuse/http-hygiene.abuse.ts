import zlib from 'node:zlib';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call } from '../testing/http';
import { as, dbState } from '../features/companies/fixtures';
import { floorBody, floorCalls, floorState, twoTeams } from '../features/floors/fixtures';
import { joinGuest } from '../features/floors/guests/guests.testing';
import { tokenOf } from '../features/floors/live/live.testing';
import { ask, open, type Client } from './support/sockets';

/**
 * Issue 13 item 6 (the parts of this branch), from the attacker's side: what
 * a request gets wrong is a 400 with a clear code, never a 500; names and
 * titles cannot carry control, bidirectional-override or zero-width
 * characters and are stored in NFC; media parameters cannot nest deeply.
 */
const UNSAFE_MESSAGE = 'Remove control and invisible characters (such as zero-width spaces or text-direction marks)';
const UNSAFE = {
  control: 'Ali\u0007ce',
  newline: 'Ali\nce',
  rtlOverride: 'Admin\u202Etxt.exe',
  isolate: 'A\u2067lice\u2069',
  zeroWidthSpace: 'ad\u200Bmin',
  zeroWidthJoiner: 'ad\u200Dmin',
  byteOrderMark: 'ad\uFEFFmin',
};

describe('HTTP hygiene: malformed URLs and encodings, unsafe names, nested media parameters', function () {
  this.timeout(60_000);
  let server: TestServer;
  let teams: Awaited<ReturnType<typeof twoTeams>>;
  const calls = floorCalls(() => server);
  const clients: Client[] = [];

  before(async () => {
    server = await startTestServer();
    teams = await twoTeams(server);
  });
  after(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  it('answers a malformed % escape with 400 MALFORMED_URL on every kind of route, never 500', async () => {
    const paths = [
      '/api/floors/%E0%A4%A',
      '/api/users/%zz',
      '/api/files/%zz.png', // served before the API key
      '/floors/%zz', // the floor UI
      '/admin/%zz',
      '/admin-assets/%zz.js',
      '/%',
    ];
    for (const path of paths) {
      const res = await call(server.url, path, { lang: 'en', headers: as(teams.ownerA).headers });
      expect([path, res.status, res.json?.error?.code]).to.deep.equal([path, 400, 'MALFORMED_URL']);
      expect(res.json.error?.message).to.equal(
        'The address is not valid (a malformed % escape, or a character that is not allowed).',
      );
    }
    // Socket.IO's own endpoint answers it without a 500 either
    const io = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&x=%zz`);
    expect(io.status).to.be.below(500);
  });

  it('answers a body in an unknown Content-Encoding with 400, never 500; reads gzip JSON', async () => {
    const headers = { ...as(teams.memberA).headers, 'Content-Type': 'application/json' };
    const send = (method: string, path: string, extra: Record<string, string>, body: string | Uint8Array) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'x-api-key': server.apiKey,
          'Accept-Language': 'en',
          ...headers,
          ...extra,
        },
        body,
      }).then(async (res) => ({ status: res.status, json: (await res.json()) as { error?: { code: string } } }));
    const before = await dbState(server);
    const unknown = await send('PATCH', '/api/users/me', { 'Content-Encoding': 'x-bogus' }, '{"name":"Bogus"}');
    expect([unknown.status, unknown.json.error?.code]).to.deep.equal([400, 'UNSUPPORTED_CONTENT_ENCODING']);
    // an upload (multipart) is read only as it is sent
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(16)], { type: 'image/png' }), 'a.png');
    const upload = await fetch(`${server.url}/api/users/me/avatar`, {
      method: 'PUT',
      headers: { 'x-api-key': server.apiKey, ...as(teams.memberA).headers, 'Content-Encoding': 'gzip' },
      body: form,
    });
    expect([upload.status, ((await upload.json()) as { error: { code: string } }).error.code]).to.deep.equal([
      400,
      'UNSUPPORTED_CONTENT_ENCODING',
    ]);
    const broken = await send('PATCH', '/api/users/me', { 'Content-Encoding': 'gzip' }, 'not gzip at all');
    expect([broken.status, broken.json.error?.code]).to.deep.equal([400, 'BAD_REQUEST']);
    expect(await dbState(server)).to.deep.equal(before);
    const zipped = await send(
      'PATCH',
      '/api/users/me',
      { 'Content-Encoding': 'gzip' },
      zlib.gzipSync('{"name":"Zipped"}'),
    );
    expect(zipped.status).to.equal(200);
    await teams.memberA.user.reload();
    expect(teams.memberA.user.name).to.equal('Zipped');
  });

  it('refuses unsafe characters in every name and title with VALIDATION_FAILED on the field, changing nothing', async () => {
    const floor = await calls.floor(teams.ownerA, { type: 2, startAt: null, endAt: null });
    const inviteToken = (await server.models.Floor.findByPk(floor.id))!.inviteToken!;
    const before = await floorState(server);
    for (const [kind, text] of Object.entries(UNSAFE)) {
      const attempts = {
        'profile name': [
          call(server.url, '/api/users/me', as(teams.memberA, { method: 'PATCH', body: { name: text }, lang: 'en' })),
          'name',
        ],
        'team name': [
          call(
            server.url,
            `/api/company/${teams.teamA.id}`,
            as(teams.ownerA, { method: 'PATCH', body: { name: text }, lang: 'en' }),
          ),
          'name',
        ],
        'sign-up name': [
          call(server.url, '/api/auth/signup', {
            body: {
              name: text,
              email: `new-${kind}@abuse.example`,
              password: 'long enough 1',
              passwordConfirmation: 'long enough 1',
              agreeTerms: true,
            },
            lang: 'en',
          }),
          'name',
        ],
        'guest name': [joinGuest(server, floor.id, { participantId: inviteToken, name: text }), 'name'],
        'invited name': [
          calls.register(teams.ownerA, floor.id, [{ email: `guest-${kind}@abuse.example`, name: text }]),
          'participants.0.name',
        ],
        'floor title (create)': [calls.create(teams.ownerA, floorBody({ title: text })), 'title'],
        'floor title (edit)': [calls.update(teams.ownerA, floor.id, { title: text }), 'title'],
      } as const;
      for (const [what, [pending, field]] of Object.entries(attempts)) {
        const res = await pending;
        expect([kind, what, res.status, res.json.error?.code], res.text).to.deep.equal([
          kind,
          what,
          400,
          'VALIDATION_FAILED',
        ]);
        expect(res.json.error?.fields?.[field], `${kind} ${what}`).to.equal(UNSAFE_MESSAGE);
      }
    }
    expect(await floorState(server)).to.deep.equal(before);
  });

  it('stores names and titles in NFC (one spelling for one name)', async () => {
    const decomposed = 'Rene\u0301 Cafe\u0301';
    const res = await call(
      server.url,
      '/api/users/me',
      as(teams.adminA, { method: 'PATCH', body: { name: decomposed } }),
    );
    expect(res.status).to.equal(200);
    await teams.adminA.user.reload();
    expect(teams.adminA.user.name).to.equal('Ren\u00e9 Caf\u00e9');
    const floor = await calls.floor(teams.ownerA, { title: '  \u30CF\u309A\u30FC\u30C6\u30A3\u30FC ' });
    expect(floor.title).to.equal('\u30D1\u30FC\u30C6\u30A3\u30FC');
    expect((await server.models.Floor.findByPk(floor.id))!.title).to.equal('パーティー');
  });

  it('refuses deeply nested media parameters with VALIDATION_FAILED on the field', async () => {
    const client = await open(server, tokenOf(teams.memberB), '192.0.2.77');
    clients.push(client);
    const nest = (levels: number): unknown => (levels === 0 ? 'x' : { n: nest(levels - 1) });
    const codec = { mimeType: 'audio/opus', payloadType: 100, clockRate: 48000, channels: 2 };
    const cases: [string, unknown, string][] = [
      [
        'media:produce',
        {
          transportId: 't',
          kind: 'audio',
          appData: { source: 'mic' },
          rtpParameters: { codecs: [{ ...codec, parameters: nest(5) }] },
        },
        'rtpParameters.codecs.0.parameters',
      ],
      [
        'media:produce',
        {
          transportId: 't',
          kind: 'audio',
          appData: { source: 'mic' },
          rtpParameters: { codecs: [codec], extra: nest(5) },
        },
        'rtpParameters.extra',
      ],
      [
        'media:connectTransport',
        {
          transportId: 't',
          dtlsParameters: { fingerprints: [{ algorithm: 'sha-256', value: 'AB' }], role: 'auto', x: nest(6) },
        },
        'dtlsParameters.x',
      ],
      [
        'media:consume',
        { producerId: 'p', rtpCapabilities: { codecs: [{ ...codec, rtcpFeedback: [nest(4)] }] } },
        'rtpCapabilities.codecs.0.rtcpFeedback',
      ],
    ];
    for (const [event, payload, field] of cases) {
      const answer = await ask(client, event, payload);
      expect(answer.ok === false && [answer.error.code, Object.keys(answer.error.fields ?? {})], event).to.deep.equal([
        'VALIDATION_FAILED',
        [field],
      ]);
      if (!answer.ok) expect(answer.error.fields![field]).to.equal('This value is nested too deeply');
    }
    // within the depth, the same request reaches the media service (which knows no such transport)
    const shallow = await ask(client, 'media:connectTransport', {
      transportId: 't',
      dtlsParameters: { fingerprints: [{ algorithm: 'sha-256', value: 'AB' }], role: 'auto', x: nest(2) },
    });
    expect(shallow.ok === false && shallow.error.code).to.not.equal('VALIDATION_FAILED');
  });
});
