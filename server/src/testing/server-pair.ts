import { requireService } from './services';
import { startTestServer, type TestServer } from './test-server';

const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Two server processes of one deployment (one database, one Redis), started
 * before the suite and closed after it: call it at the top of a `describe`.
 * Without Redis the suite is skipped on a developer machine and fails in CI.
 */
export function serverPair(env: Record<string, string> = {}) {
  const pair = { a: undefined as unknown as TestServer, b: undefined as unknown as TestServer };
  before(async function () {
    await requireService(this, 'Redis', '127.0.0.1', 6379);
    pair.a = await startTestServer({ REDIS_URL, ...env });
    pair.b = await startTestServer({ REDIS_URL, ...env, DATABASE_URL: pair.a.config.databaseUrl });
  });
  after(async () => {
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}
