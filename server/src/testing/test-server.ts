import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { startServer, type RunningServer } from '../server';
import { createTestDatabase } from './databases';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { DEFAULT_SOCKET_LIMITS, EVENT_CLASSES, type SocketLimits } from '../realtime/guard/limits';

export interface TestServer extends RunningServer {
  apiKey: string;
}

/**
 * Starts the real server for a test: port 0 on loopback, a fresh database
 * (SQLite, or MariaDB when TEST_MYSQL_URL is set), real mediasoup workers on
 * free ports, the built UIs. close() stops it and drops the database.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    /** Where the server logs (default: silent, or TEST_LOG_LEVEL). */
    logger?: Logger;
    /** The socket abuse limits (default: the product's); see UNTHROTTLED_SOCKETS. */
    socketLimits?: SocketLimits;
  } = {},
): Promise<TestServer> {
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-data-'));
  let config: Config;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      MEDIASOUP_NUM_WORKERS: '1',
      MEDIASOUP_WEBRTC_PORT: '0',
      ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}),
      // a private UI build (several engineers building at once): TEST_UI_DIST_DIR=/tmp/ui-x
      ...(process.env.TEST_UI_DIST_DIR ? { UI_DIST_DIR: process.env.TEST_UI_DIST_DIR } : {}),
      ...env,
    });
  } catch (error) {
    await db.drop();
    throw error;
  }
  if (options.socketLimits) config = { ...config, sockets: options.socketLimits };
  let server: RunningServer;
  try {
    server = await startServer(config, options.logger, { clock: options.clock });
  } catch (error) {
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...server,
    apiKey: config.apiKey,
    async close() {
      await server.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The product's socket limits with the rates per socket and per account
 * opened wide: for tests of something else (access rules) that fire many
 * requests in a burst, as no person does. The abuse limits have their own tests.
 */
export const UNTHROTTLED_SOCKETS: SocketLimits = {
  ...DEFAULT_SOCKET_LIMITS,
  socket: Object.fromEntries(
    EVENT_CLASSES.map((c) => [c, { burst: 100_000, perSecond: 100_000 }]),
  ) as SocketLimits['socket'],
  account: Object.fromEntries(
    EVENT_CLASSES.map((c) => [c, { perSecond: 100_000, burst: 100_000, burstWindow: 10 }]),
  ) as SocketLimits['account'],
};
