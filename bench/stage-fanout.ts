/**
 * Stage fan-out benchmark (issue 15): one presenter to a hall of viewers on two mediasoup workers.
 *
 *   node --import tsx bench/stage-fanout.ts [--viewers 46] [--chromium 3] [--seconds 15] [--per-router 25] [--across]
 *
 * Starts the real server in this process (test harness: fresh SQLite, two mediasoup workers, the built UI
 * — run `npm run build` first) and Debian's Chromium. The presenter (a Chromium page, fake camera 1280x720
 * with the app's three simulcast layers, microphone, and the screen when the stage offers it) starts a
 * presentation from the floor UI. Then:
 *   - `--chromium` real viewers join it from the announcement banner ("Join as audience"), each timed from
 *     the click to the first decoded frame of every stream (getStats polled in the page);
 *   - `--viewers` lightweight viewers are Socket.IO clients that do what the app does (presentation:join,
 *     move to the stage, media:join, a receive transport, media:consume of each of the presenter's
 *     producers: the server places them on routers and pipes the producers there). A browser's DTLS cannot
 *     run in this process, so each one's RTP is drawn by a PlainTransport consumer of the same producers on
 *     the same router, sending to a loopback port nobody reads (bench/support/rtp-source.ts).
 * Over a window of `--seconds` it prints each worker's CPU (its own getrusage), this process's CPU (the
 * server plus the lightweight clients, idle in the window), the Chromium viewers' downlink (inbound bytes)
 * and the lightweight viewers' (consumer byte counts).
 *
 * --across starts a second server process on Redis (one database) and puts every other viewer's socket on
 * it: the stage's media home is the first process; the second process's viewers receive from its own
 * router, the presenter's producers piped there once (record 0433; --no-pipes: from the home, as before).
 * Each process's workers are measured, and the pipes' bitrate (the pipe's cost on the home's uplink).
 *
 * Baseline in the same run: bare mediasoup — the same producers piped to one fresh router on one worker
 * with the same number of PlainTransport consumers, no product code — measured after the product's viewers
 * are gone. The ratio of the busiest worker's CPU (product / bare) shows what spreading the hall buys.
 */
import type { types as ms } from 'mediasoup';
import type { MediaConsumerAnswer, MediaJoinAnswer, MediaTransportAnswer, PresentationDto } from '@tsudoi/common';
import { pageFactory } from '../e2e/support/auth';
import { launchBrowser } from '../e2e/support/browser';
import { createPermanentFloor, createTeam } from '../e2e/support/floors';
import { firstFlowing, liveJoined, member, RECORD_PEER_CONNECTIONS } from '../e2e/support/media';
import { MEDIA_CODECS } from '../server/src/features/media/codecs';
import { call, join, ok, socketOf, type Client } from '../server/src/features/floors/live/live.testing';
import { loadMediasoup } from '../server/src/media/worker-bin';
import { startSmtpSink } from '../server/src/testing/smtp';
import { startTestServer, UNTHROTTLED_SOCKETS } from '../server/src/testing/test-server';
import { discardPort, loadAverage } from './support/rtp-source';
import { cpuWindow, type Flow, plainSink } from './support/stage-sinks';
import { benchArgs } from './support/args';

const values = benchArgs(
  'Stage fan-out benchmark: one presenter to a hall of viewers on two mediasoup workers.\n\n  node --import tsx bench/stage-fanout.ts [options]',
  {
    viewers: { number: 46, help: 'lightweight viewers (Socket.IO clients)' },
    chromium: { number: 3, help: 'real viewers (Chromium pages)' },
    seconds: { number: 15, help: 'the window the figures are measured over' },
    'per-router': { number: 25, help: "the server's MEDIA_PEERS_PER_ROUTER" },
    'no-pipes': {
      flag: true,
      help: "with --across: MEDIA_HALL_PIPES=0 (the second process's viewers receive from the home)",
    },
    across: {
      flag: true,
      help: "two server processes on Redis: every other viewer's socket on the\nsecond (the stage's media stays on the floor's media home, the first)",
    },
  },
);
const lightCount = values.viewers;
const chromiumCount = values.chromium;
const seconds = values.seconds;
/** A DTLS answer of a browser's shape (mediasoup does not check it until DTLS runs, which it never does here). */
const dtls = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};
const log = (line: string) => process.stdout.write(`${line}\n`);

// every router and the consumers made on it (the lightweight viewers' sinks go on their transport's router)
const routerOfTransport = new Map<string, ms.Router>();
/** The router each producer was made on (a pipe's copy, made later, keeps the same id and is not recorded). */
const routerOfProducer = new Map<string, ms.Router>();
const workerOfRouter = new Map<string, number>();
/** Every pipe transport between the processes (both ends: the home's and the second process's). */
const pipeTransports: ms.Transport[] = [];
/** Bytes sent by the open pipe transports so far (the home's ends send; the other ends send RTCP only). */
const pipeBytes = async () => {
  let sent = 0;
  for (const t of pipeTransports)
    if (!t.closed) for (const stat of (await t.getStats()) as { bytesSent?: number }[]) sent += stat.bytesSent ?? 0;
  return sent;
};
const { observer } = await loadMediasoup(process.env.MEDIASOUP_WORKER_BIN);
observer.on('newworker', (worker) =>
  worker.observer.on('newrouter', (router) => {
    workerOfRouter.set(router.id, worker.pid);
    router.observer.on('newtransport', (transport) => {
      routerOfTransport.set(transport.id, router);
      if (transport.appData.hall === true) pipeTransports.push(transport); // the pipes between processes (record 0433)
      transport.observer.on('newproducer', (p) => {
        if (!routerOfProducer.has(p.id)) routerOfProducer.set(p.id, router);
      });
    });
  }),
);

const smtp = await startSmtpSink();
const env: Record<string, string> = {
  SMTP_URL: smtp.url,
  MEDIASOUP_NUM_WORKERS: '2',
  MEDIA_PEERS_PER_ROUTER: String(values['per-router']),
  ...(values.across ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
  ...(values['no-pipes'] ? { MEDIA_HALL_PIPES: '0' } : {}),
};
const server = await startTestServer(env, { socketLimits: UNTHROTTLED_SOCKETS });
// --across: a second process of the deployment; every other viewer's socket is on it
const second = values.across
  ? await startTestServer({ ...env, DATABASE_URL: server.config.databaseUrl }, { socketLimits: UNTHROTTLED_SOCKETS })
  : undefined;
const urlFor = (i: number) => (second && i % 2 === 1 ? second.url : server.url);
const browser = await launchBrowser();
const pages = pageFactory(() => browser);
const discard = await discardPort();
const clients: Client[] = [];
try {
  const { owner } = await createTeam(server, smtp, 'bench-stage', false);
  // the Chromium viewers are invited members (the Starter plan's five seats); the rest are made in the database
  const chromiumAccounts = [];
  for (let i = 0; i < chromiumCount; i++) chromiumAccounts.push(await member(server, smtp, owner, `bench-viewer-${i}`));
  const floorId = await createPermanentFloor(server, owner, 'All hands');
  const live = `${server.url}/floors/${floorId}/live`;
  const presenter = await pages.open('en-US', undefined, owner);
  await presenter
    .context()
    .addInitScript(() => localStorage.setItem('tsudoi.media', JSON.stringify({ mic: true, camera: true })));
  await presenter.goto(live);
  await liveJoined(presenter);
  await presenter.getByRole('button', { name: 'Start a presentation' }).click();
  const stage = presenter.getByRole('region', { name: 'Presentation' });
  await stage.waitFor();
  for (const name of ['Start video', 'Unmute']) {
    const button = stage.getByRole('button', { name, exact: true });
    if (await button.count()) await button.first().click();
  }
  const share = stage.getByRole('button', { name: 'Share screen' });
  const screen = (await share.count()) > 0;
  if (screen) await share.first().click();
  const videos = screen ? 2 : 1;

  // the lightweight viewers: members of the team, each a socket doing what the app does
  const team = (await server.models.User.findOne({ where: { email: owner.email } }))!.employmentCompanyId!;
  const producers = async (client: Client, answer: MediaJoinAnswer, want: number) => {
    const found = new Map(answer.producers.map((p) => [p.producerId, p]));
    for (let i = 0; found.size < want && i < 100; i++) {
      const again = await ok(call<MediaJoinAnswer>(client, 'media:join', {}));
      for (const p of again.producers) found.set(p.producerId, p);
      if (found.size < want) await new Promise((r) => setTimeout(r, 100));
    }
    return [...found.values()];
  };
  const flows: Flow[] = [];
  const started = Date.now();
  let sources: string[] = [];
  let want = videos + 1; // the first viewer finds out what the presenter really sends (a muted mic sends nothing)
  for (let i = 0; i < lightCount; i++) {
    const user = await server.models.User.create({
      name: `Viewer ${i + 1}`,
      email: `viewer${i}@bench-stage.example`,
      passwordHash: null,
      verifiedAt: new Date(),
      employmentCompanyId: team,
      employeeRole: 'EMPLOYEE',
    });
    const token = await server.features.tokens.issue(user);
    const client = await socketOf(urlFor(i), { user, headers: { Authorization: `Bearer ${token.accessToken}` } });
    clients.push(client);
    await join(client, floorId);
    const p = await ok(call<PresentationDto>(client, 'presentation:join', { role: 'A' }));
    await ok(call(client, 'floor:joinRoom', { roomId: p.roomId }));
    const answer = await ok(call<MediaJoinAnswer>(client, 'media:join', {}));
    // (before the transport: asking again is a new join, which closes the peer's transports)
    const offered = await producers(client, answer, want);
    const recv = await ok(call<MediaTransportAnswer>(client, 'media:createTransport', { direction: 'recv' }));
    await ok(call(client, 'media:connectTransport', { transportId: recv.id, dtlsParameters: dtls }));
    const router = routerOfTransport.get(recv.id)!;
    want = offered.length;
    sources = offered.map((o) => o.producerId);
    for (const producer of offered) {
      await ok(
        call<MediaConsumerAnswer>(client, 'media:consume', {
          producerId: producer.producerId,
          rtpCapabilities: answer.rtpCapabilities,
        }),
      );
      flows.push(await plainSink(router, producer.producerId, discard.port));
    }
  }
  log(`${lightCount} lightweight viewers joined in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // the Chromium viewers: from the announcement, timed to the first frame of every stream
  const firstFrames: number[] = [];
  const viewers = [];
  for (const [i, who] of chromiumAccounts.entries()) {
    const page = await pages.open('en-US', undefined, who);
    await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
    await page
      .context()
      .addInitScript(() => localStorage.setItem('tsudoi.media', JSON.stringify({ mic: false, camera: false })));
    await page.goto(`${urlFor(i + 1)}/floors/${floorId}/live`);
    await liveJoined(page);
    const join = page.getByRole('button', { name: 'Join as audience' });
    await join.waitFor();
    const clicked = Date.now();
    await join.click();
    firstFrames.push((await firstFlowing(page, videos, 1, 60_000)) - clicked);
    viewers.push(page);
  }

  const routers = (await server.media.health()).map((w) => w.routers);
  const pipedBefore = await pipeBytes();
  const [product, other] = await Promise.all([
    cpuWindow(server.media, seconds, flows, lightCount, viewers),
    second ? cpuWindow(second.media, seconds, [], 0, []) : undefined,
  ]);
  const piped = await pipeBytes();
  log(`\nproduct: 1 presenter (${videos} video + audio) → ${lightCount} light + ${chromiumCount} Chromium viewers`);
  log(`  routers per worker: ${routers.join(' / ')}`);
  log(`  worker CPU (% of a core): ${product.workers.map((c) => c.toFixed(1)).join(' / ')}`);
  if (second && other) {
    log(
      `  second process: ${Math.floor(lightCount / 2)} light + ${Math.ceil(chromiumCount / 2)} Chromium viewers' sockets`,
    );
    log(`  second process's routers per worker: ${(await second.media.health()).map((w) => w.routers).join(' / ')}`);
    log(`  second process's worker CPU (% of a core): ${other.workers.map((c) => c.toFixed(1)).join(' / ')}`);
    const open = pipeTransports.filter((t) => !t.closed).length;
    const kbps = ((piped - pipedBefore) * 8) / seconds / 1000;
    log(`  pipes between the processes: ${open} transport ends, ${kbps.toFixed(0)} kbit/s through them`);
  }
  log(`  this process (server${second ? 's' : ''} + idle clients): ${product.process.toFixed(1)} %`);
  log(`  downlink per light viewer: ${product.lightKbps.toFixed(0)} kbit/s`);
  log(`  downlink per Chromium viewer: ${product.chromiumKbps.map((k) => k.toFixed(0)).join(' / ')} kbit/s`);
  log(`  first frame (click → every stream decoded): ${firstFrames.join(' / ')} ms`);

  // the bare baseline: the viewers leave; the same producers on one fresh router, as many plain consumers
  for (const page of viewers) await page.context().close();
  for (const flow of flows.splice(0)) flow.close();
  for (const client of clients.splice(0)) client.disconnect();
  await new Promise((r) => setTimeout(r, 1500));
  const origin = routerOfProducer.get(sources[0]!)!;
  // on the other worker (a worker holds one producer of an id: a pipe within the same worker is refused)
  const slot = server.media.workers.find((w) => w.worker.pid !== workerOfRouter.get(origin.id))!;
  const bare = await slot.worker.createRouter({ mediaCodecs: MEDIA_CODECS });
  for (const producerId of sources) await origin.pipeToRouter({ producerId, router: bare });
  const bareFlows: Flow[] = [];
  for (let i = 0; i < lightCount + chromiumCount; i++)
    for (const producerId of sources) bareFlows.push(await plainSink(bare, producerId, discard.port));
  const baseline = await cpuWindow(server.media, seconds, bareFlows, lightCount + chromiumCount, []);
  log(
    `\nbare mediasoup: the same producers piped to one router of the other worker → ${lightCount + chromiumCount} plain viewers`,
  );
  log(`  worker CPU (% of a core): ${baseline.workers.map((c) => c.toFixed(1)).join(' / ')}`);
  log(`  downlink per viewer: ${baseline.lightKbps.toFixed(0)} kbit/s`);
  const busiest = (xs: number[]) => Math.max(...xs);
  log(
    `\nbusiest worker, product / bare: ${(busiest(product.workers) / busiest(baseline.workers)).toFixed(2)}; ` +
      `all workers, product / bare: ${(sum(product.workers) / sum(baseline.workers)).toFixed(2)}; load average ${loadAverage()}`,
  );
  for (const flow of bareFlows) flow.close();
  bare.close();
} finally {
  for (const client of clients) client.disconnect();
  discard.close();
  await pages.closeAll().catch(() => undefined);
  await browser.close();
  await second?.close();
  await server.close();
  await smtp.close();
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
