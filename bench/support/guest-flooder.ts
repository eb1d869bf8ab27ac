/**
 * The attacker of bench/guest-flood.ts, its own (niced) process so its CPU
 * stands for another machine's: `node --import tsx guest-flooder.ts '<plan>'`.
 *
 * From one address it mints account-less guest identities through a public
 * floor's link as fast as the server lets it, and every identity opens
 * sockets that join the floor, send read events as fast as they can, drop
 * and reconnect at once, over and over (the reconnect flood of issue 25 §7).
 * Commands on standard input, one a line: `go`, `stop`, `end` (prints one
 * JSON line of what happened and exits).
 */
import readline from 'node:readline';
import { io as connect, type Socket } from 'socket.io-client';

export interface GuestFloodPlan {
  url: string;
  apiKey: string;
  floorId: number;
  inviteToken: string;
  /** The one address every request claims (X-Forwarded-For, trusted from loopback). */
  address: string;
  /** Guest identities to try to mint. */
  identities: number;
  /** Sockets each identity keeps trying to have open. */
  socketsPerIdentity: number;
  /** Read events a socket sends before it drops and reconnects. */
  eventsPerConnection: number;
}

export interface GuestFloodReport {
  minted: number;
  mintRefused: Record<string, number>;
  connects: number;
  connectErrors: Record<string, number>;
  sent: number;
  answers: Record<string, number>;
}

const plan = JSON.parse(process.argv[2]!) as GuestFloodPlan;
const report: GuestFloodReport = { minted: 0, mintRefused: {}, connects: 0, connectErrors: {}, sent: 0, answers: {} };
const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
let going = false;
const tokens: string[] = [];

async function mint(): Promise<void> {
  while (going && tokens.length < plan.identities) {
    const res = await fetch(`${plan.url}/api/floors/${plan.floorId}/join-guest`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'x-api-key': plan.apiKey,
        'x-forwarded-for': plan.address,
      },
      body: JSON.stringify({ participantId: plan.inviteToken, name: `Guest ${tokens.length + 1}` }),
    }).catch(() => null);
    const json = (await res?.json().catch(() => null)) as { data?: { token: string }; error?: { code: string } } | null;
    if (res?.status === 201 && json?.data) {
      tokens.push(json.data.token);
      report.minted++;
      for (let i = 0; i < plan.socketsPerIdentity; i++) loop(json.data.token);
    } else {
      bump(report.mintRefused, json?.error?.code ?? String(res?.status ?? 'network'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** One socket slot of an identity: connect, flood, drop, again — while the flood goes. */
function loop(token: string): void {
  if (!going) return void waiting.push(() => loop(token));
  const client: Socket = connect(plan.url, {
    transports: ['websocket'],
    auth: { token },
    query: { lang: 'en' },
    extraHeaders: { 'x-forwarded-for': plan.address },
    forceNew: true,
    reconnection: false,
  });
  let done = false;
  const again = () => {
    if (done) return;
    done = true;
    client.removeAllListeners();
    client.close();
    setImmediate(() => loop(token));
  };
  client.on('connect_error', (err: Error & { data?: { code?: string } }) => {
    bump(report.connectErrors, err.data?.code ?? err.message);
    again();
  });
  client.on('disconnect', again);
  client.on('connect', () => {
    report.connects++;
    let left = plan.eventsPerConnection;
    const ask = (event: string, payload: unknown) => {
      report.sent++;
      client
        .timeout(10_000)
        .emit(event, payload, (err: Error | null, a: { ok?: boolean; error?: { code: string } }) => {
          bump(report.answers, err ? 'TIMED_OUT' : a?.ok ? 'ok' : (a?.error?.code ?? '?'));
          if (--left <= 0) again();
        });
    };
    ask('floor:joinOffice', { floorId: plan.floorId });
    for (let i = 1; i < plan.eventsPerConnection; i++)
      ask(i % 2 ? 'chat:getHistoryConversations' : 'system:ping', i % 2 ? {} : { sentAt: Date.now() });
  });
}

const waiting: (() => void)[] = [];
process.stdout.write('ready\n');
readline.createInterface({ input: process.stdin }).on('line', (command) => {
  if (command === 'go') {
    going = true;
    for (const resume of waiting.splice(0)) resume();
    void mint();
  } else if (command === 'stop') {
    going = false;
  } else if (command === 'end') {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.exit(0);
  }
});
