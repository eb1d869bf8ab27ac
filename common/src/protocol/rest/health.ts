import { z } from 'zod';

export const mediaWorkerHealthSchema = z.object({
  pid: z.number().int(),
  alive: z.boolean(),
  webRtcServerPort: z.number().int().nullable(),
  /** CPU time used by the worker process, from getResourceUsage(), in ms. */
  cpuMs: z.number(),
  routers: z.number().int(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeS: z.number(),
  database: z.object({ ok: z.boolean(), dialect: z.string(), latencyMs: z.number().nullable() }),
  media: z.object({ ok: z.boolean(), workers: z.array(mediaWorkerHealthSchema) }),
});
export type Health = z.infer<typeof healthSchema>;
export type MediaWorkerHealth = z.infer<typeof mediaWorkerHealthSchema>;
