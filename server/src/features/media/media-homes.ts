import type { RedisClientType } from 'redis';
import type { Logger } from '../../lib/logger';

/** How often a process says it is alive, and how long the word lasts (a killed process is dead after this). */
export const ALIVE_EVERY_MS = 500;
export const ALIVE_FOR_MS = 2000;
/** A floor's home key outlives its last join by this much (it is refreshed by every join on it). */
const HOME_KEY_MS = 3600_000;

/**
 * Takes the floor's media home for `self` unless a live process holds it: one
 * step in Redis, so two processes asking at once agree. KEYS: the home key,
 * the holder's alive key prefix; ARGV: self, key lifetime.
 */
const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] and redis.call('EXISTS', KEYS[2] .. cur) == 1 then return cur end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;
/** Deletes a key only while it still names `self` (a later home keeps its key). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Where each floor's media lives when the deployment has several processes
 * (REDIS_URL): the floor's media home, one process that holds every room
 * router of the floor. The first process a client of the floor asks for
 * media takes it (`claim`), and keeps it while it lives; a process that
 * stops saying it is alive (killed, or closed: it deletes its word at once)
 * loses its floors to the next process that asks. Every process says it is
 * alive every ALIVE_EVERY_MS, so the others learn of a death within ALIVE_FOR_MS.
 */
export class MediaHomes {
  private timer: NodeJS.Timeout | undefined;
  /** Floors this process took (released when it closes). */
  private readonly taken = new Set<number>();

  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    readonly node: string,
    private readonly logger: Logger,
  ) {}

  private homeKey = (floorId: number) => `${this.prefix}:home:${floorId}`;
  private aliveKey = (node: string) => `${this.prefix}:alive:${node}`;

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), ALIVE_EVERY_MS);
    this.timer.unref();
  }

  /** The floor's media home: a live process that holds it, or this one, which takes it. */
  async claim(floorId: number): Promise<string> {
    const node = String(
      await this.redis.eval(CLAIM, {
        keys: [this.homeKey(floorId), `${this.prefix}:alive:`],
        arguments: [this.node, String(HOME_KEY_MS)],
      }),
    );
    if (node === this.node) this.taken.add(floorId);
    return node;
  }

  /** The floor's media home now, if a live process holds it (nobody takes it). */
  async current(floorId: number): Promise<string | undefined> {
    const node = await this.redis.get(this.homeKey(floorId));
    if (!node) return undefined;
    return node === this.node || (await this.redis.exists(this.aliveKey(node))) ? node : undefined;
  }

  /** Which of `nodes` are alive (this one always is). */
  async alive(nodes: string[]): Promise<Set<string>> {
    const others = nodes.filter((n) => n !== this.node);
    const out = new Set<string>([this.node]);
    if (others.length === 0) return out;
    const found = await this.redis.mGet(others.map(this.aliveKey));
    others.forEach((n, i) => found[i] && out.add(n));
    return out;
  }

  /** Closing: the others learn at once that this process is gone, and its floors are free to take. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const steps = [...this.taken].map((floorId) =>
      this.redis.eval(RELEASE, { keys: [this.homeKey(floorId)], arguments: [this.node] }),
    );
    await Promise.all([this.redis.del(this.aliveKey(this.node)), ...steps]).catch((err: unknown) =>
      this.logger.warn({ err }, 'media homes: not released'),
    );
    this.taken.clear();
  }

  private async beat(): Promise<void> {
    try {
      await this.redis.set(this.aliveKey(this.node), '1', { PX: ALIVE_FOR_MS });
    } catch (err) {
      this.logger.warn({ err }, 'media homes: alive word not written');
    }
  }
}
