import { Router } from 'express';
import type { Sequelize } from 'sequelize';
import type { WorkerPool } from '../../media/worker-pool';
import { route } from '../../http/route';
import { checkHealth } from './health.service';

/** GET /api/health: database, media workers, version. 503 when degraded (for load balancers). */
export function healthRoutes(deps: { sequelize: Sequelize; media: WorkerPool; version: string }): Router {
  const router = Router();
  router.get(
    '/health',
    route({}, async (_input, _req, res) => {
      const health = await checkHealth(deps);
      res.status(health.status === 'ok' ? 200 : 503).json(health);
    }),
  );
  return router;
}
