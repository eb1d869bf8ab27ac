import { serverUrlSchema } from '@tsudoi/common/protocol/ipc';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';

export interface DesktopConfig {
  /** The page the main window loads (normalised). */
  serverUrl: string;
  /** Its origin: the only origin allowed to navigate, use permissions and call the bridge. */
  appOrigin: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads TSUDOI_SERVER_URL (default http://127.0.0.1:3000) and fails fast with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DesktopConfig {
  const raw = env.TSUDOI_SERVER_URL?.trim() || DEFAULT_SERVER_URL;
  const parsed = serverUrlSchema.safeParse(raw);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => issue.message).join(', ');
    throw new ConfigError(`Invalid configuration:\n  - TSUDOI_SERVER_URL: ${reasons} (got "${raw}")`);
  }
  const url = new URL(parsed.data);
  return { serverUrl: url.href, appOrigin: url.origin };
}
