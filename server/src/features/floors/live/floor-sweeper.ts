import { Op } from 'sequelize';
import { FLOOR_TYPES } from '@tsudoi/common';
import { closeFloor } from './floor-removal';
import type { LiveContext } from './live-context';
import { expireInvitations } from './room-invitations';

/** How often each server process looks for floors at their end and invitations past their 10000 ms. */
export const SWEEP_INTERVAL_MS = 250;

/**
 * The live floor's clock work. Time is read from the injected Clock, so a
 * test moves a ManualClock and calls sweep(); in production a timer calls it
 * every SWEEP_INTERVAL_MS. Every step is safe to run on several processes at
 * once (each row changes once).
 */
export class FloorSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly ctx: LiveContext) {}

  start(intervalMs = SWEEP_INTERVAL_MS): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((err: unknown) => this.ctx.logger.error({ err }, 'floor sweep failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** One pass; a pass asked for while one runs waits for it and runs again. */
  async sweep(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.pass();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<void> {
    const { models, clock } = this.ctx;
    await expireInvitations(this.ctx);
    const live = await models.FloorUser.findAll({ attributes: ['floorId'], group: ['floorId'] });
    if (live.length === 0) return;
    const ended = await models.Floor.findAll({
      where: {
        id: live.map((r) => r.floorId),
        [Op.or]: [{ type: FLOOR_TYPES.WITH_TIME, endAt: { [Op.lte]: clock.now() } }, { deletedAt: { [Op.ne]: null } }],
      },
      paranoid: false,
    });
    for (const floor of ended) await closeFloor(this.ctx, floor);
  }
}
