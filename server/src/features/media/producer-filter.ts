import { z } from 'zod';
import { MEDIA_SOURCES } from '@tsudoi/common';

/** Producers a host or the stage closes on a floor (host-controls.ts, the stage's silence). */
export const producerFilterSchema = z.object({
  roomId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  exceptUserId: z.number().int().positive().optional(),
  source: z.enum(MEDIA_SOURCES).optional(),
});
export type ProducerFilter = z.infer<typeof producerFilterSchema>;
