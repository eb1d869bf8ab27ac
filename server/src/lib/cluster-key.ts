import crypto from 'node:crypto';

/**
 * The Redis namespace of one deployment: its processes share one database
 * (and so its URL), and two deployments or test runs on one Redis must not
 * see each other's Socket.IO events or floor leases.
 */
export function clusterKey(databaseUrl: string): string {
  return `tsudoi:${crypto.createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}`;
}
