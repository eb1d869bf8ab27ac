import net from 'node:net';

/** Whether a TCP service answers on host:port (for optional local services such as Redis or MariaDB). */
export function reachable(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Skips a suite when a local service is absent on a developer machine, but
 * fails it in CI (CI=true), where the service must be there.
 */
export async function requireService(ctx: Mocha.Context, name: string, host: string, port: number): Promise<void> {
  if (await reachable(host, port)) return;
  if (process.env.CI === 'true') throw new Error(`${name} is not reachable on ${host}:${port} in CI`);
  ctx.skip();
}
