import { EventEmitter } from 'node:events';
import type { types as ms } from 'mediasoup';
import type { MediaWorkerHealth } from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { loadMediasoup } from './worker-bin';

export interface WorkerPoolOptions {
  numWorkers: number;
  listenIp: string;
  announcedIp: string | undefined;
  /** First WebRtcServer port; worker i listens on base + i; 0 lets each worker pick a free port. */
  webRtcPort: number;
  rtcMinPort: number;
  rtcMaxPort: number;
  workerBin: string | undefined;
  logger: Logger;
}

export interface PooledWorker {
  index: number;
  worker: ms.Worker;
  webRtcServer: ms.WebRtcServer;
  routers: number;
  port: number | null;
}

interface PoolEvents {
  workerReplaced: [{ index: number; oldPid: number; newPid: number }];
}

const RESPAWN_DELAY_MS = 250;
const MAX_RESPAWN_DELAY_MS = 10_000;

/**
 * One mediasoup worker per core, each with one WebRtcServer (one UDP and one
 * TCP port for all its transports). A worker that dies is logged and
 * replaced on the same port; routers are placed on the least loaded worker.
 * Once the server shuts down (`stopReplacing`) no worker is started: under
 * systemd the SIGTERM reaches the workers too, and they end with the server.
 */
export class WorkerPool extends EventEmitter<PoolEvents> {
  private readonly slots: (PooledWorker | undefined)[] = [];
  private closing = false;
  private mediasoup: Awaited<ReturnType<typeof loadMediasoup>> | undefined;
  private readonly failures: number[] = [];

  constructor(private readonly options: WorkerPoolOptions) {
    super();
  }

  async start(): Promise<void> {
    this.mediasoup = await loadMediasoup(this.options.workerBin);
    await Promise.all(Array.from({ length: this.options.numWorkers }, (_, index) => this.spawn(index)));
  }

  /** Where a pipe transport to another process listens (its address as the other host reaches it). */
  get pipeListen(): { ip: string; announcedIp?: string } {
    const { listenIp, announcedIp } = this.options;
    return announcedIp ? { ip: listenIp, announcedIp } : { ip: listenIp };
  }

  get workers(): PooledWorker[] {
    return this.slots.filter((slot): slot is PooledWorker => !!slot);
  }

  /**
   * The worker with the fewest routers; a new router is placed there. `avoid` (worker indexes a room
   * already uses) is skipped while another worker runs, so a room that grows spreads over the cores.
   */
  pick(avoid?: ReadonlySet<number>): PooledWorker {
    const running = this.workers;
    const others = avoid ? running.filter((slot) => !avoid.has(slot.index)) : running;
    const [best] = [...(others.length > 0 ? others : running)].sort(
      (a, b) => a.routers - b.routers || a.index - b.index,
    );
    if (!best) throw new Error('No media worker is running');
    return best;
  }

  async createRouter(
    mediaCodecs: ms.RtpCodecCapability[],
    avoid?: ReadonlySet<number>,
  ): Promise<{ router: ms.Router; slot: PooledWorker }> {
    const slot = this.pick(avoid);
    const router = await slot.worker.createRouter({ mediaCodecs });
    slot.routers += 1;
    router.observer.once('close', () => {
      slot.routers -= 1;
    });
    return { router, slot };
  }

  async health(): Promise<MediaWorkerHealth[]> {
    return Promise.all(
      Array.from({ length: this.options.numWorkers }, async (_, index) => {
        const slot = this.slots[index];
        if (!slot || slot.worker.closed) {
          return { pid: -1, alive: false, webRtcServerPort: null, cpuMs: 0, routers: 0 };
        }
        const usage = await slot.worker.getResourceUsage().catch(() => undefined);
        return {
          pid: slot.worker.pid,
          alive: !!usage,
          webRtcServerPort: slot.port,
          cpuMs: usage ? usage.ru_utime + usage.ru_stime : 0,
          routers: slot.routers,
        };
      }),
    );
  }

  /** The server is shutting down: workers that end from now on (or ended a moment ago) are not replaced. */
  stopReplacing(): void {
    this.closing = true;
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const slot of this.workers) slot.worker.close();
    this.slots.length = 0;
  }

  private async spawn(index: number): Promise<PooledWorker> {
    const { logger, listenIp, announcedIp, webRtcPort, rtcMinPort, rtcMaxPort } = this.options;
    const worker = await this.mediasoup!.createWorker({ logLevel: 'warn', rtcMinPort, rtcMaxPort });
    const port = webRtcPort === 0 ? undefined : webRtcPort + index;
    const listen = (protocol: 'udp' | 'tcp') => ({ protocol, ip: listenIp, announcedIp, port });
    let webRtcServer: ms.WebRtcServer;
    try {
      webRtcServer = await worker.createWebRtcServer({ listenInfos: [listen('udp'), listen('tcp')] });
    } catch (error) {
      worker.close();
      throw error;
    }
    const dump = (await webRtcServer.dump()) as { udpSockets?: { port: number }[] };
    const slot: PooledWorker = { index, worker, webRtcServer, routers: 0, port: dump.udpSockets?.[0]?.port ?? null };
    this.slots[index] = slot;
    worker.on('died', (error) => this.onDied(slot, error));
    logger.info({ index, pid: worker.pid, port: slot.port }, 'media worker started');
    return slot;
  }

  /**
   * A worker ended. The decision waits for the respawn delay: a signal sent to the whole process group
   * reaches the worker and this process at once, and the worker's end may be seen before the server's
   * own SIGTERM handler has run.
   */
  private onDied(slot: PooledWorker, error: Error): void {
    const { logger } = this.options;
    const ended = { index: slot.index, pid: slot.worker.pid };
    if (this.slots[slot.index] === slot) this.slots[slot.index] = undefined;
    if (this.closing) return logger.info(ended, 'media worker ended with the server');
    const attempt = (this.failures[slot.index] = (this.failures[slot.index] ?? 0) + 1);
    const delay = Math.min(RESPAWN_DELAY_MS * 2 ** (attempt - 1), MAX_RESPAWN_DELAY_MS);
    setTimeout(() => {
      if (this.closing) return logger.info(ended, 'media worker ended with the server');
      logger.error({ ...ended, err: error }, 'media worker died; replacing it');
      this.spawn(slot.index)
        .then((fresh) => {
          this.failures[slot.index] = 0;
          this.emit('workerReplaced', { index: slot.index, oldPid: slot.worker.pid, newPid: fresh.worker.pid });
        })
        .catch((err: unknown) => {
          logger.error({ index: slot.index, err }, 'media worker could not be replaced');
          this.onDied(slot, err instanceof Error ? err : new Error(String(err)));
        });
    }, delay).unref();
  }
}
