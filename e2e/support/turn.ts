import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A coturn TURN server on loopback (Debian's coturn) with the TURN REST API shared secret. */
export interface TurnServer {
  url: string;
  secret: string;
  /** Relay allocations coturn logged so far (it logs each one). */
  allocations(): number;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export async function startTurnServer(): Promise<TurnServer> {
  const port = await freePort();
  const secret = 'tsudoi-e2e-turn-shared-secret';
  const child: ChildProcess = spawn(
    'turnserver',
    [
      ...['-n', '--verbose', '--no-cli', '--no-tls', '--no-dtls', '--fingerprint', '--log-file=stdout', '--simple-log'],
      ...['--listening-ip=127.0.0.1', `--listening-port=${port}`, '--relay-ip=127.0.0.1'],
      ...['--min-port=31000', '--max-port=31999', '--allow-loopback-peers'],
      ...['--use-auth-secret', `--static-auth-secret=${secret}`, '--realm=tsudoi.test'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const started = Date.now();
  while (!/listener opened on|Total General servers/i.test(log)) {
    if (child.exitCode !== null) throw new Error(`turnserver exited ${child.exitCode}: ${log}`);
    if (Date.now() - started > 10_000) throw new Error(`turnserver did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    allocations: () => (log.match(/ALLOCATE processed, success/g) ?? []).length,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
