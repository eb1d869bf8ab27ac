import { formatMessage, type Locale } from '@tsudoi/common';
import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import type { StagePresentation } from './stage.models';
import type { StageService } from './stage-service';
import { floorChannel, visitorsChannel } from '../floors/live/channels';

/** How long a presentation waits for its host to come back before it passes on or ends. */
export const HOST_GRACE_MS = 60_000;
/** How often the running presentations' hosts are looked at. */
export const HOST_WATCH_MS = 5_000;

export interface HostWatchDeps {
  models: Models;
  service: StageService;
  logger: Logger;
  /** Whether someone has a socket on the floor now (any server process). */
  present: (floorId: number, userId: number) => Promise<boolean>;
  now?: () => number;
  graceMs?: number;
}

/**
 * A presentation or conference ends when its host is gone (issue 25 §11):
 * every few seconds each running one's host is looked for on its floor
 * (connected on any server process). Away for longer than HOST_GRACE_MS —
 * a dropped connection, a closed laptop, a server restart nobody came back
 * from, a floor that closed — it passes to another host of the floor who is
 * there (a host or subhost speaking on it first), or ends; the audience is
 * told which, in their language. Each step is a conditional update, so one
 * of several server processes does it.
 */
export class HostWatch {
  private readonly away = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly graceMs: number;

  constructor(private readonly deps: HostWatchDeps) {
    this.now = deps.now ?? Date.now;
    this.graceMs = deps.graceMs ?? HOST_GRACE_MS;
  }

  start(intervalMs = HOST_WATCH_MS): void {
    this.timer ??= setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One look at every running presentation (tests call it after moving time). */
  sweep(): Promise<void> {
    this.running ??= this.pass()
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'presentation hosts not checked'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
    const { models, present } = this.deps;
    const live = await models.StagePresentation.findAll({ where: { runningFloorId: { [Op.ne]: null } } });
    const seen = new Set<number>();
    for (const p of live) {
      seen.add(p.id);
      if (await present(p.floorId, p.hostId)) {
        this.away.delete(p.id);
        continue;
      }
      const since = this.away.get(p.id) ?? this.now();
      this.away.set(p.id, since);
      if (this.now() - since < this.graceMs) continue;
      this.away.delete(p.id);
      await this.hostGone(p);
    }
    for (const id of [...this.away.keys()]) if (!seen.has(id)) this.away.delete(id);
  }

  /** Another host of the floor who is there takes it over; nobody: it ends. Everyone on the floor is told. */
  private async hostGone(p: StagePresentation): Promise<void> {
    const { models, service } = this.deps;
    const [gone, next] = await Promise.all([models.User.findByPk(p.hostId), this.successor(p)]);
    const successor = next ? await models.User.findByPk(next) : null;
    const kind = p.kind === 'C' ? 'conference' : 'presentation';
    if (successor && (await service.handOver(p, successor.id))) {
      this.tell(p, 'handedOver', (locale) =>
        formatMessage(locale, 'stage.hostGone.handedOver', { host: gone?.name ?? '?', next: successor.name, kind }),
      );
      return;
    }
    if (await service.end(p))
      this.tell(p, 'ended', (locale) =>
        formatMessage(locale, 'stage.hostGone.ended', { host: gone?.name ?? '?', kind }),
      );
  }

  /** A host or subhost of the floor on it now, one speaking on the stage first; null when none is. */
  private async successor(p: StagePresentation): Promise<number | null> {
    const { models, present } = this.deps;
    const floor = await models.Floor.findByPk(p.floorId);
    if (!floor) return null;
    const rows = await models.FloorParticipant.findAll({
      where: {
        floorId: p.floorId,
        userId: { [Op.ne]: null },
        [Op.or]: [{ type: 'HOST' }, { permissionSubhost: true }],
      },
    });
    const managers = [floor.hostId, ...rows.map((r) => r.userId!)].filter((id) => id !== p.hostId);
    const speakers = new Set(
      (await models.StageMember.findAll({ where: { presentationId: p.id, role: 'S' } })).map((m) => m.userId),
    );
    const ordered = [...new Set(managers)].sort((a, b) => Number(speakers.has(b)) - Number(speakers.has(a)));
    for (const id of ordered) if (await present(p.floorId, id)) return id;
    return null;
  }

  private tell(p: StagePresentation, outcome: 'handedOver' | 'ended', text: (locale: Locale) => string): void {
    const nsp = this.deps.service.namespace;
    if (!nsp) return;
    void nsp
      .in(floorChannel(p.floorId))
      .except(visitorsChannel(p.floorId))
      .fetchSockets()
      .then((sockets) => {
        for (const s of sockets)
          s.emit('presentation:hostGone', {
            floorId: p.floorId,
            presentationId: p.id,
            outcome,
            message: text(s.data.locale ?? 'ja'),
          });
      })
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'presentation end not told'));
  }
}
