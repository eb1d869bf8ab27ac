/**
 * Creates a platform admin in the configured database:
 *
 *   npm run admin:create -- --email ops@example.jp --name "Ops"
 *
 * The password comes from ADMIN_PASSWORD or is asked on the terminal (no
 * echo). Reads .env like the server, applies pending migrations first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, REPO_ROOT } from '../config';
import { createSequelize, migrate } from '../db';
import { defineModels } from '../db/models';
import { createLogger } from '../lib/logger';
import { CliError, createAdmin } from './admins';
import { readAdminPassword } from './password-prompt';

const USAGE = `Usage: npm run admin:create -- --email <e-mail> --name <name>
  Password: ADMIN_PASSWORD in the environment, or typed at the prompt.
  Database: DATABASE_URL (default: the SQLite file under DATA_DIR), as for the server.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (!values.email || !values.name) throw new CliError(`--email and --name are required.\n${USAGE}`);

  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  const password = await readAdminPassword(process.env, { stdin: process.stdin, stdout: process.stdout });

  const logger = createLogger('warn');
  const sequelize = createSequelize(config.databaseUrl, logger);
  try {
    await migrate(sequelize, logger);
    const admin = await createAdmin(defineModels(sequelize), { email: values.email, name: values.name, password });
    process.stdout.write(
      `Created platform admin #${admin.id} ${admin.email} (${config.databaseUrl.split(':')[0]}).\n` +
        `Sign in at /admin/<ADMIN_KEY>/login.\n`,
    );
  } finally {
    await sequelize.close();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof CliError ||
    error instanceof ConfigError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`${known ? (error as Error).message : ((error as Error)?.stack ?? String(error))}\n`);
  process.exit(1);
});
