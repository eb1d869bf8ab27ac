import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Several hosts on one machine (root, iproute2): a bridge in this namespace
 * (the "network", with this machine as its gateway at .1) and a network
 * namespace per host, each with its own address on the bridge. What runs in
 * a host's namespace reaches the others and this machine only through those
 * addresses, as separate machines would.
 */
export class Hosts {
  private readonly namespaces: string[] = [];
  private readonly id = crypto.randomBytes(2).toString('hex');
  private readonly bridge = `tsbr${this.id}`;
  readonly subnet: string;
  private next = 2;

  private constructor() {
    const bytes = crypto.randomBytes(2);
    this.subnet = `10.${100 + (bytes[0]! % 100)}.${bytes[1]! % 250}`;
  }

  /** This machine's address on the network (the hosts' gateway). */
  get gateway(): string {
    return `${this.subnet}.1`;
  }

  static create(): Hosts {
    const hosts = new Hosts();
    ip('link', 'add', hosts.bridge, 'type', 'bridge');
    ip('addr', 'add', `${hosts.gateway}/24`, 'dev', hosts.bridge);
    ip('link', 'set', hosts.bridge, 'up');
    return hosts;
  }

  /** A new host: its namespace and address. */
  add(label: string): { ns: string; address: string } {
    const n = this.next++;
    const ns = `ts${this.id}-${label}`;
    const outside = `vh${this.id}${n}`;
    const inside = `vp${this.id}${n}`;
    const address = `${this.subnet}.${n}`;
    ip('netns', 'add', ns);
    this.namespaces.push(ns);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', ns);
    ip('link', 'set', outside, 'master', this.bridge, 'up');
    ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', inside);
    ip('-n', ns, 'link', 'set', inside, 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    ip('-n', ns, 'route', 'add', 'default', 'via', this.gateway);
    return { ns, address };
  }

  /** A program started in a host's namespace. */
  spawn(ns: string, command: string, args: string[], options: Parameters<typeof spawn>[2] = {}): ChildProcess {
    return spawn('ip', ['netns', 'exec', ns, command, ...args], options);
  }

  /** An executable that runs `command` in the namespace (for tools that take a program path: Chromium). */
  wrapper(ns: string, command: string): string {
    const file = path.join(os.tmpdir(), `in-${ns}-${path.basename(command)}.sh`);
    fs.writeFileSync(file, `#!/bin/sh\nexec ip netns exec ${ns} ${command} "$@"\n`, { mode: 0o755 });
    return file;
  }

  close(): void {
    for (const ns of this.namespaces.splice(0)) {
      try {
        ip('netns', 'delete', ns); // its veth ends go with it
      } catch {
        // already gone
      }
    }
    try {
      ip('link', 'delete', this.bridge);
    } catch {
      // already gone
    }
  }
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Whether this machine can make hosts: root and iproute2. */
export function canMakeHosts(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A TCP service of this machine (MariaDB, Redis on 127.0.0.1) offered on an
 * address the hosts reach, as a database server on the network would be.
 */
export function forwardTcp(listen: { host: string; port: number }, to: { host: string; port: number }) {
  const server = net.createServer((client) => {
    const upstream = net.connect(to);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  return new Promise<net.Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve(server));
  });
}
