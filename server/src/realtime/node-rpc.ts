import crypto from 'node:crypto';
import type { RedisClientType } from 'redis';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@tsudoi/common';
import { AppError } from '../http/app-error';
import type { Logger } from '../lib/logger';

/** A forwarded operation not answered in this time is tried again (the owner may have died). */
export const RPC_TIMEOUT_MS = 1000;

const request = z.object({
  kind: z.literal('request'),
  id: z.string(),
  from: z.string(),
  floorId: z.number().int().positive(),
  op: z.object({ op: z.string() }).passthrough(),
});
const reply = z.object({
  kind: z.literal('reply'),
  id: z.string(),
  status: z.enum(['ok', 'error', 'notOwner']),
  value: z.unknown().optional(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const message = z.discriminatedUnion('kind', [request, reply]);

export type Request = z.infer<typeof request>;
export type Reply = z.infer<typeof reply>;
/** What the owner's side answers: a value, or `notOwner` (the caller asks Redis again who owns the floor). */
export type Answer = { status: 'ok'; value: unknown } | { status: 'notOwner' };

/**
 * Request/reply between the processes over Redis pub/sub: each process
 * listens on its own channel (under `prefix`); a request names the floor and
 * the operation, the reply goes back to the asker's channel. An AppError of
 * the answering side comes back as its code; anything else as INTERNAL. The
 * live floors call a floor's owner with it, the media a floor's media home.
 */
export class NodeRpc {
  private readonly waiting = new Map<string, { done: (r: Reply | undefined) => void; timer: NodeJS.Timeout }>();
  private sub: RedisClientType | undefined;

  constructor(
    private readonly pub: RedisClientType,
    private readonly prefix: string,
    readonly node: string,
    private readonly logger: Logger,
    private readonly handle: (floorId: number, op: Request['op'], from: string) => Promise<Answer>,
  ) {}

  private channel = (node: string) => `${this.prefix}:node:${node}`;

  async start(): Promise<void> {
    const sub = this.pub.duplicate();
    sub.on('error', (err) => this.logger.error({ err }, 'node rpc: redis error'));
    await sub.connect();
    await sub.subscribe(this.channel(this.node), (raw) => this.received(raw));
    this.sub = sub;
  }

  /** The owner's reply, or undefined when none came in time (or Redis failed). */
  async call(node: string, floorId: number, op: Request['op'], timeoutMs = RPC_TIMEOUT_MS): Promise<Reply | undefined> {
    const id = crypto.randomUUID();
    const answered = new Promise<Reply | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, { done: resolve, timer });
    });
    const sent: Request = { kind: 'request', id, from: this.node, floorId, op };
    try {
      await this.pub.publish(this.channel(node), JSON.stringify(sent));
    } catch (err) {
      this.logger.warn({ err, floorId }, 'node rpc: request not sent');
    }
    return answered;
  }

  async close(): Promise<void> {
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      w.done(undefined);
      this.waiting.delete(id);
    }
    await this.sub?.quit().catch(() => undefined);
    this.sub = undefined;
  }

  private received(raw: string): void {
    let parsed: z.infer<typeof message>;
    try {
      parsed = message.parse(JSON.parse(raw));
    } catch (err) {
      this.logger.warn({ err }, 'node rpc: malformed message dropped');
      return;
    }
    if (parsed.kind === 'reply') {
      const w = this.waiting.get(parsed.id);
      if (!w) return; // answered too late: the caller has moved on
      clearTimeout(w.timer);
      this.waiting.delete(parsed.id);
      w.done(parsed);
      return;
    }
    void this.answer(parsed);
  }

  private async answer(req: Request): Promise<void> {
    let out: Reply;
    try {
      const answer = await this.handle(req.floorId, req.op, req.from);
      out =
        answer.status === 'ok'
          ? { kind: 'reply', id: req.id, status: 'ok', value: answer.value }
          : { kind: 'reply', id: req.id, status: 'notOwner' };
    } catch (error) {
      if (!(error instanceof AppError))
        this.logger.error({ err: error, floorId: req.floorId }, 'forwarded operation failed');
      const known = error instanceof AppError;
      out = { kind: 'reply', id: req.id, status: 'error', code: known ? error.code : 'INTERNAL' };
      if (known && error.options.values) out.values = error.options.values;
    }
    await this.pub
      .publish(this.channel(req.from), JSON.stringify(out))
      .catch((err: unknown) => this.logger.warn({ err }, 'node rpc: reply not sent'));
  }
}
