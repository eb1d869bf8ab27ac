import type { Page } from 'playwright-core';

/**
 * Where a page open's time goes (bench/media-join.ts --timeline): the
 * page's requests and its Socket.IO frames as Chromium's DevTools protocol
 * sees them, in ms after the document was requested. A sent event that asks
 * for an answer (`42<id>[...]`) is paired with its answer (`43<id>[...]`):
 * "floor:joinOffice 410→447" is the request sent at 410 and answered at 447.
 */
export interface Timeline {
  /**
   * "milestone at", in the order they happened; with `endMs` (the first remote frame), a last line of the
   * renderer's CPU from navigation to then: busy time and where it went.
   */
  lines(endMs?: number): Promise<string[]>;
}

interface Mark {
  at: number;
  label: string;
}

const EVENT = /^42(\d*)\["([^"]+)"/;
const ACK = /^43(\d+)/;

export async function recordTimeline(page: Page): Promise<Timeline> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  let origin: number | null = null;
  const marks: Mark[] = [];
  const asked = new Map<string, { event: string; at: number }>();
  const ms = (timestamp: number) => Math.round((timestamp - (origin ?? timestamp)) * 1000);
  const sockets = new Map<string, string>();
  const scripts = new Map<string, string>();

  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && origin === null) origin = e.timestamp;
    const url = new URL(e.request.url);
    if (url.pathname.startsWith('/api/')) marks.push({ at: ms(e.timestamp), label: `GET ${url.pathname}` });
    else if (e.type === 'Script') scripts.set(e.requestId, url.pathname.split('/').pop()!);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const script = scripts.get(e.requestId);
    if (script) marks.push({ at: ms(e.timestamp), label: `script loaded: ${script}` });
  });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (e) => {
    const name = `socket ${sockets.size + 1}`;
    sockets.set(e.requestId, name);
    marks.push({ at: ms(e.timestamp), label: `${name} opened` });
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    const name = sockets.get(e.requestId) ?? 'socket';
    const data = e.response.payloadData;
    if (data.startsWith('40')) marks.push({ at: ms(e.timestamp), label: `${name} signed in` });
    const pushed = EVENT.exec(data);
    if (pushed && !pushed[1]) marks.push({ at: ms(e.timestamp), label: `${name} ← ${pushed[2]}` });
    const ack = ACK.exec(data);
    const key = ack ? `${e.requestId}:${ack[1]}` : '';
    const request = asked.get(key);
    if (request) {
      asked.delete(key);
      marks.push({ at: request.at, label: `${name} ${request.event} →${ms(e.timestamp)}` });
    }
  });
  cdp.on('Network.webSocketFrameSent', (e) => {
    const match = EVENT.exec(e.response.payloadData);
    if (match?.[1]) asked.set(`${e.requestId}:${match[1]}`, { event: match[2]!, at: ms(e.timestamp) });
  });
  return {
    async lines(endMs?: number) {
      const { profile } = await cdp.send('Profiler.stop');
      const first = marks.find((m) => m.label.startsWith('GET /api/'))?.at ?? Infinity;
      marks.push({ at: first, label: `(renderer CPU before it: ${busiest(profile as Profile, origin ?? 0, first)})` });
      if (endMs !== undefined)
        marks.push({
          at: endMs,
          label: `(renderer CPU until then: ${busiest(profile as Profile, origin ?? 0, endMs, 8)})`,
        });
      return [...marks].sort((a, b) => a.at - b.at).map((m) => `${String(m.at).padStart(6)}  ${m.label}`);
    },
  };
}

/** The part of a DevTools CPU profile read here. */
interface Profile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
}

/** The renderer's CPU time (busy in all, then by script) up to `untilMs` after navigation. */
function busiest(profile: Profile, origin: number, untilMs: number, rows = 6): string {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const bySource = new Map<string, number>();
  let at = profile.startTime / 1e6;
  (profile.samples ?? []).forEach((id, k) => {
    at += (profile.timeDeltas?.[k] ?? 0) / 1e6;
    if ((at - origin) * 1000 > untilMs) return;
    const frame = nodes.get(id)!.callFrame;
    const source = frame.url ? frame.url.split('/').pop()! : frame.functionName;
    if (source === '(idle)') return;
    bySource.set(source, (bySource.get(source) ?? 0) + (profile.timeDeltas?.[k] ?? 0) / 1000);
  });
  const busy = [...bySource.values()].reduce((a, b) => a + b, 0);
  const top = [...bySource]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([source, ms]) => `${source || '(anonymous)'} ${Math.round(ms)} ms`)
    .join(', ');
  return `busy ${Math.round(busy)} ms: ${top}`;
}
