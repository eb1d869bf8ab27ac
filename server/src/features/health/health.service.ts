import type { Sequelize } from 'sequelize';
import type { Health } from '@tsudoi/common';
import type { WorkerPool } from '../../media/worker-pool';

export async function checkHealth(deps: { sequelize: Sequelize; media: WorkerPool; version: string }): Promise<Health> {
  const started = performance.now();
  const dbOk = await deps.sequelize.authenticate().then(
    () => true,
    () => false,
  );
  const latencyMs = dbOk ? Math.round((performance.now() - started) * 100) / 100 : null;
  const workers = await deps.media.health();
  const mediaOk = workers.length > 0 && workers.every((w) => w.alive);
  return {
    status: dbOk && mediaOk ? 'ok' : 'degraded',
    version: deps.version,
    uptimeS: Math.round(process.uptime()),
    database: { ok: dbOk, dialect: deps.sequelize.getDialect(), latencyMs },
    media: { ok: mediaOk, workers },
  };
}
