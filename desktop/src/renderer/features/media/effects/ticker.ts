export interface Ticker {
  stop(): void;
}

// A worker's timers keep their pace when the page is in the background (the page's own are throttled to 1/s).
const WORKER_SOURCE = 'let t;onmessage=(e)=>{clearInterval(t);if(e.data>0)t=setInterval(()=>postMessage(0),e.data)}';

/** Calls `tick` every `ms`, from a worker's timer when workers are allowed, else from the page's. */
export function startTicker(ms: number, tick: () => void): Ticker {
  let timer: ReturnType<typeof setInterval> | undefined;
  let worker: Worker | undefined;
  let url: string | undefined;
  const fallback = () => {
    worker?.terminate();
    worker = undefined;
    timer ??= setInterval(tick, ms);
  };
  try {
    url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    worker = new Worker(url);
    worker.onmessage = () => tick();
    worker.onerror = fallback; // e.g. a CSP without blob: workers
    worker.postMessage(ms);
  } catch {
    fallback();
  }
  return {
    stop() {
      worker?.terminate();
      if (url) URL.revokeObjectURL(url);
      if (timer !== undefined) clearInterval(timer);
    },
  };
}
