import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';
import { startServer } from './server';
import { DEMO, demoLoginWorks, seedDemo } from './db/seed-demo';

const version = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

async function main(): Promise<void> {
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env, version);
  const server = await startServer(config);
  const { logger } = server;
  // The embedded default comes with a demo company (development only; production and tests start empty).
  const demo = config.env === 'development' && (await seedDemo(server.sequelize, server.models, logger));
  const demoLines =
    demo && (await demoLoginWorks(server.models))
      ? [
          `  Demo login: ${DEMO.owner.email} / ${DEMO.password} (owner of ${DEMO.company})`,
          `  Employees:  ${DEMO.employees.map((e) => e.email).join(', ')} (same password)`,
        ]
      : [];
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server
      .close()
      .then(() => {
        clearTimeout(force);
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  // A promise nobody awaited failed. Running, that ends the process as Node would (logged first). Shutting
  // down, it is a late event meeting a client already closed (a Redis publish after the adapter quit, seen
  // with 2,000 sockets leaving): the shutdown goes on, and recordings, media and the database close in order.
  process.on('unhandledRejection', (reason) => {
    if (stopping) return logger.warn({ err: reason }, 'unhandled rejection while shutting down (the shutdown goes on)');
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // the banner last: whoever waits for it (a service manager, a test) may stop the server at once, and a
  // signal that came before the handlers above would end the process without its shutdown
  logger.info({ url: server.url, database: config.databaseUrl.split(':')[0] }, 'Tsudoi is running');
  const banner = [`  Tsudoi is running at ${server.url}`, `  Health: ${server.url}/api/health`, ...demoLines];
  process.stdout.write(`\n${banner.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(`\nTsudoi could not start: ${error instanceof Error ? error.stack : String(error)}\n\n`);
  }
  process.exit(1);
});
