/**
 * Consumers per worker (issue 5): how many consumers one mediasoup worker
 * carries before it uses 80 % of a core.
 *
 *   node --import tsx bench/media-consumers.ts [--step 40] [--max 1200] [--seconds 5] [--target 0.8]
 *
 * One real worker and router (the rooms' codecs). A sender, ffmpeg, streams
 * a pre-encoded VP8 720p video (≈ 1.5 Mbit/s, 30 fps, a key frame every
 * second) and an Opus tone over RTP into a PlainTransport — `-c copy`, so
 * ffmpeg itself costs next to nothing. Subscribers are SRTP PlainTransports
 * (SRTP like a browser's transport) that each consume the video and the
 * audio and send to a loopback port; the bench adds subscribers step by
 * step and reads the worker's own CPU time (getrusage in the worker) over
 * each window. Every consumer must have sent packets in the window
 * (consumer.getStats), else the step is reported as failing.
 * Prints one line per step and the consumers at the target share of a
 * core (interpolated between the two steps around it).
 * ffmpeg comes from Debian's packages (installed on first use as root).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import type { types as ms } from 'mediasoup';
import { ensureDebianPackages } from '../build/lib/apt.mjs';
import { MEDIA_CODECS } from '../server/src/features/media/codecs';
import { loadMediasoup } from '../server/src/media/worker-bin';
import { AUDIO_SSRC, discardPort, loadAverage, sourceClip, VIDEO_SSRC } from './support/rtp-source';
import { benchArgs } from './support/args';

const values = benchArgs(
  'Consumers per worker: how many consumers one mediasoup worker carries.\n\n  node --import tsx bench/media-consumers.ts [options]',
  {
    step: { number: 40, help: 'subscribers added at each step' },
    max: { number: 1200, help: 'stop at this many consumers' },
    seconds: { number: 5, help: 'the window each step is measured over' },
    target: { number: 0.8, help: 'the share of a core to report the consumers at' },
  },
);
const { step, max, seconds, target } = values;

ensureDebianPackages(['ffmpeg']);
const clip = sourceClip();

const mediasoup = await loadMediasoup(process.env.MEDIASOUP_WORKER_BIN);
const worker = await mediasoup.createWorker({ logLevel: 'warn', rtcMinPort: 20000, rtcMaxPort: 29999 });
const router = await worker.createRouter({ mediaCodecs: MEDIA_CODECS });
const listenIp = '127.0.0.1';

// the sender: ffmpeg → one PlainTransport per stream (comedia: the worker learns ffmpeg's addresses from the
// first packets; ffmpeg sends each stream, and its RTCP, from ports of their own — as mediasoup-demo's broadcaster)
const sendVideo = await router.createPlainTransport({ listenIp, rtcpMux: false, comedia: true });
const sendAudio = await router.createPlainTransport({ listenIp, rtcpMux: false, comedia: true });
const video = await sendVideo.produce({
  kind: 'video',
  rtpParameters: {
    codecs: [{ mimeType: 'video/VP8', clockRate: 90000, payloadType: 101, rtcpFeedback: [] }],
    encodings: [{ ssrc: VIDEO_SSRC }],
  },
});
const audio = await sendAudio.produce({
  kind: 'audio',
  rtpParameters: {
    codecs: [{ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 100 }],
    encodings: [{ ssrc: AUDIO_SSRC }],
  },
});
const to = (t: ms.PlainTransport) => `rtp://127.0.0.1:${t.tuple.localPort}?rtcpport=${t.rtcpTuple!.localPort}`;
const ffmpeg: ChildProcess = spawn(
  'ffmpeg',
  [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip],
    ...['-map', '0:v:0', '-c:v', 'copy', '-map', '0:a:0', '-c:a', 'copy', '-f', 'tee'],
    `[select=v:f=rtp:ssrc=${VIDEO_SSRC}:payload_type=101]${to(sendVideo)}|` +
      `[select=a:f=rtp:ssrc=${AUDIO_SSRC}:payload_type=100]${to(sendAudio)}`,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);

// where the subscribers send: a port nobody reads (no reader competing with the worker)
const sink = await discardPort();
const sinkPort = sink.port;

const caps = router.rtpCapabilities;
interface Subscriber {
  transport: ms.PlainTransport;
  consumers: ms.Consumer[];
}
const subscribers: Subscriber[] = [];
async function addSubscriber(): Promise<void> {
  const transport = await router.createPlainTransport({
    listenIp,
    rtcpMux: true,
    comedia: false,
    enableSrtp: true,
    srtpCryptoSuite: 'AES_CM_128_HMAC_SHA1_80',
  });
  await transport.connect({
    ip: '127.0.0.1',
    port: sinkPort,
    srtpParameters: {
      cryptoSuite: 'AES_CM_128_HMAC_SHA1_80',
      keyBase64: crypto.randomBytes(30).toString('base64'),
    },
  });
  const consumers = await Promise.all(
    [video, audio].map((producer) => transport.consume({ producerId: producer.id, rtpCapabilities: caps })),
  );
  subscribers.push({ transport, consumers });
}

const packetsSent = async (consumer: ms.Consumer) => {
  const stats = await consumer.getStats();
  return stats.find((s) => s.type === 'outbound-rtp')?.packetCount ?? 0;
};
const cpuMs = async () => {
  const usage = await worker.getResourceUsage();
  return usage.ru_utime + usage.ru_stime;
};

async function measure(): Promise<{ share: number; silent: number; perConsumerPps: number }> {
  // packet counts are read around the CPU window (their own span: the midpoints of the two reads)
  const read = async () => {
    const start = performance.now();
    const counts = await Promise.all(subscribers.flatMap((s) => s.consumers.map(packetsSent)));
    return { counts, at: (start + performance.now()) / 2 };
  };
  const before = await read();
  const cpu0 = await cpuMs();
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu1 = await cpuMs();
  const elapsed = performance.now() - t0;
  const after = await read();
  const sent = after.counts.map((n, i) => n - before.counts[i]!);
  const span = (after.at - before.at) / 1000;
  return {
    share: (cpu1 - cpu0) / elapsed,
    silent: sent.filter((n) => n === 0).length,
    perConsumerPps: sent.length ? sent.reduce((a, b) => a + b, 0) / sent.length / span : 0,
  };
}

console.log(
  `consumers per worker: VP8 720p ≈ 1.5 Mbit/s + Opus per subscriber (2 consumers), ${seconds} s windows, ` +
    `target ${Math.round(target * 100)} % of a core, load average ${loadAverage()}`,
);
await new Promise((resolve) => setTimeout(resolve, 2000)); // ffmpeg starts, the producers see packets
const rows: { consumers: number; share: number }[] = [];
let failed = false;
try {
  for (let subs = 0; subs * 2 <= max; subs += step / 2) {
    while (subscribers.length < subs) await addSubscriber();
    const { share, silent, perConsumerPps } = await measure();
    const consumers = subscribers.length * 2;
    rows.push({ consumers, share });
    console.log(
      `${String(consumers).padStart(5)} consumers  worker ${(share * 100).toFixed(1).padStart(5)} % of a core  ` +
        `${perConsumerPps.toFixed(0).padStart(4)} packets/s per consumer  silent ${silent}  ` +
        `load ${loadAverage()}`,
    );
    if (silent > 0) failed = true;
    if (share >= target) break;
  }
} finally {
  ffmpeg.kill('SIGKILL');
  worker.close();
  sink.close();
}

const above = rows.findIndex((r) => r.share >= target);
if (above > 0) {
  const a = rows[above - 1]!;
  const b = rows[above]!;
  const at = a.consumers + ((target - a.share) / (b.share - a.share)) * (b.consumers - a.consumers);
  console.log(`≈ ${Math.round(at)} consumers at ${Math.round(target * 100)} % of a core`);
} else if (above === -1) {
  const last = rows.at(-1)!;
  const per = last.consumers ? last.share / last.consumers : 0;
  console.log(
    `the target was not reached by ${last.consumers} consumers (${(last.share * 100).toFixed(1)} %); ` +
      `linear estimate ≈ ${per ? Math.round(target / per) : '∞'} consumers`,
  );
}
if (failed) {
  console.error('some consumers sent nothing in a window: the figures above are not valid');
  process.exitCode = 1;
}
