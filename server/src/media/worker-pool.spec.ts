import { expect } from 'chai';
import type { types as ms } from 'mediasoup';
import { createLogger } from '../lib/logger';
import { WorkerPool } from './worker-pool';
import { resolveWorkerBin } from './worker-bin';

const codecs: ms.RtpCodecCapability[] = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90000 },
];

describe('media worker pool (real mediasoup workers)', function () {
  this.timeout(30_000);
  let pool: WorkerPool;
  before(async () => {
    pool = new WorkerPool({
      numWorkers: 2,
      listenIp: '127.0.0.1',
      announcedIp: undefined,
      webRtcPort: 0,
      rtcMinPort: 40000,
      rtcMaxPort: 49999,
      workerBin: undefined,
      logger: createLogger('silent'),
    });
    await pool.start();
  });
  after(() => pool?.close());

  it('finds the worker binary without configuration', () => {
    expect(resolveWorkerBin()).to.match(/mediasoup-worker$/);
  });

  it('runs one live worker per slot, each with its own WebRtcServer port', async () => {
    const health = await pool.health();
    expect(health).to.have.length(2);
    expect(health.every((w) => w.alive && w.pid > 0)).to.equal(true);
    const ports = health.map((w) => w.webRtcServerPort);
    expect(new Set(ports).size).to.equal(2);
  });

  it('places routers on the least loaded worker and serves WebRTC transports on the shared port', async () => {
    const first = await pool.createRouter(codecs);
    const second = await pool.createRouter(codecs);
    expect(first.slot.index).to.not.equal(second.slot.index);
    const transport = await first.router.createWebRtcTransport({
      webRtcServer: first.slot.webRtcServer,
      enableUdp: true,
      enableTcp: true,
    });
    const ports = transport.iceCandidates.map((c) => c.port);
    expect(ports).to.include(first.slot.port);
    expect(transport.iceCandidates.map((c) => c.protocol)).to.have.members(['udp', 'tcp']);
    first.router.close();
    second.router.close();
    expect((await pool.health()).map((w) => w.routers)).to.deep.equal([0, 0]);
  });

  it('replaces a worker that dies and keeps serving', async () => {
    const victim = pool.workers[0]!;
    const replaced = new Promise<{ index: number; oldPid: number; newPid: number }>((resolve) =>
      pool.once('workerReplaced', resolve),
    );
    process.kill(victim.worker.pid, 'SIGKILL');
    const event = await replaced;
    expect(event.index).to.equal(victim.index);
    expect(event.oldPid).to.equal(victim.worker.pid);
    expect(event.newPid).to.not.equal(victim.worker.pid);
    const health = await pool.health();
    expect(health.every((w) => w.alive)).to.equal(true);
    expect(health[victim.index]!.pid).to.equal(event.newPid);
  });
});
