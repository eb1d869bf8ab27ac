import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { createLogger } from '../lib/logger';
import { createSequelize, SQLITE_BUSY_TIMEOUT_MS } from './sequelize';

const pragma = async (sequelize: Sequelize, name: string, transaction?: Transaction) => {
  const [row] = await sequelize.query<Record<string, unknown>>(`PRAGMA ${name}`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  return Object.values(row!)[0];
};

describe('SQLite connections', () => {
  let dir: string;
  const open: Sequelize[] = [];
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-sqlite-'))));
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes ahead (WAL) with synchronous=NORMAL and a busy timeout, on every connection', async () => {
    const sequelize = createSequelize(`sqlite:${path.join(dir, 'a.sqlite')}`, createLogger('silent'));
    open.push(sequelize);
    expect(await pragma(sequelize, 'journal_mode')).to.equal('wal');
    expect(await pragma(sequelize, 'synchronous')).to.equal(1); // NORMAL
    expect(await pragma(sequelize, 'busy_timeout')).to.equal(SQLITE_BUSY_TIMEOUT_MS);
    // a transaction runs on a connection of its own
    const inside = await sequelize.transaction(async (transaction) => [
      await pragma(sequelize, 'journal_mode', transaction),
      await pragma(sequelize, 'synchronous', transaction),
      await pragma(sequelize, 'busy_timeout', transaction),
    ]);
    expect(inside).to.deep.equal(['wal', 1, SQLITE_BUSY_TIMEOUT_MS]);
  });

  it('opens an in-memory database as before', async () => {
    const sequelize = createSequelize('sqlite::memory:', createLogger('silent'));
    open.push(sequelize);
    expect(await pragma(sequelize, 'journal_mode')).to.equal('memory');
    expect(await pragma(sequelize, 'busy_timeout')).to.equal(SQLITE_BUSY_TIMEOUT_MS);
  });
});
