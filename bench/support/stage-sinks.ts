import type { Page } from 'playwright-core';
import type { types as ms } from 'mediasoup';
import type { WorkerPool } from '../../server/src/media/worker-pool';

/** One plain RTP consumer drawing a producer's stream to a loopback port (a lightweight viewer's downlink). */
export interface Flow {
  consumer: ms.Consumer;
  close(): void;
}

export async function plainSink(router: ms.Router, producerId: string, port: number): Promise<Flow> {
  const transport = await router.createPlainTransport({ listenIp: '127.0.0.1', rtcpMux: true, comedia: false });
  await transport.connect({ ip: '127.0.0.1', port });
  const consumer = await transport.consume({ producerId, rtpCapabilities: router.rtpCapabilities, paused: false });
  return { consumer, close: () => transport.close() };
}

const sentBytes = async (flows: Flow[]) => {
  let total = 0;
  for (const { consumer } of flows) {
    if (consumer.closed) continue;
    for (const s of (await consumer.getStats()) as { type: string; byteCount?: number }[])
      if (s.type === 'outbound-rtp') total += s.byteCount ?? 0;
  }
  return total;
};

const receivedBytes = (page: Page) =>
  page.evaluate(async () => {
    let total = 0;
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const pc of pcs)
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp') total += s.bytesReceived ?? 0;
      });
    return total;
  });

/**
 * One measuring window: each worker's CPU (% of a core, from its own getrusage), this process's CPU,
 * the plain flows' bytes per viewer and each Chromium page's inbound bytes (kbit/s).
 */
export async function cpuWindow(pool: WorkerPool, seconds: number, flows: Flow[], viewers: number, pages: Page[]) {
  const workerCpu = async () => (await pool.health()).map((w) => w.cpuMs);
  const [w0, p0, f0] = [await workerCpu(), process.cpuUsage(), await sentBytes(flows)];
  const pageStart = await Promise.all(pages.map(receivedBytes));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const [w1, p1, f1] = [await workerCpu(), process.cpuUsage(p0), await sentBytes(flows)];
  const pageEnd = await Promise.all(pages.map(receivedBytes));
  const ms = seconds * 1000;
  const kbps = (bytes: number) => (bytes * 8) / seconds / 1000;
  return {
    workers: w1.map((c, i) => ((c - (w0[i] ?? 0)) / ms) * 100),
    process: ((p1.user + p1.system) / 1000 / ms) * 100,
    lightKbps: viewers > 0 ? kbps(f1 - f0) / viewers : 0,
    chromiumKbps: pageEnd.map((b, i) => kbps(b - pageStart[i]!)),
  };
}
