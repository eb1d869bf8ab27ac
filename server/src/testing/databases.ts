import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test server: a temporary SQLite file by default,
 * or, when TEST_MYSQL_URL is set (e.g. mysql://root@127.0.0.1:3306), a new
 * MariaDB/MySQL database created for it and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  if (mysqlUrl) {
    const name = `tsudoi_t_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = await mysql.createConnection(mysqlUrl);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const conn = await mysql.createConnection(mysqlUrl);
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-test-'));
  return {
    url: `sqlite:${path.join(dir, 'test.sqlite')}`,
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const testDialect = (): 'mysql' | 'sqlite' => (process.env.TEST_MYSQL_URL ? 'mysql' : 'sqlite');
