import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { formatBytes } from './format-bytes';
import { StagingStorage } from './staging';
import { quotaRefusal, remainingBytes } from './storage-quota';

describe('staging storage and quota figures', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-staging-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sweeps staged parts older than the limit, and only staged parts', async () => {
    const now = new Date();
    const put = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'x');
      const at = new Date(now.getTime() - ageMs);
      fs.utimesSync(file, at, at);
    };
    put(`${'a'.repeat(32)}.part`, 2 * 3600_000);
    put(`${'b'.repeat(32)}.part`, 60_000);
    put('notes.txt', 2 * 3600_000);
    expect(await new StagingStorage(dir).sweep(now, 3600_000)).to.equal(1);
    expect(fs.readdirSync(dir).sort()).to.deep.equal([`${'b'.repeat(32)}.part`, 'notes.txt']);
    expect(await new StagingStorage(path.join(dir, 'missing')).sweep(now, 0)).to.equal(0);
  });

  it('says what is left and names used and quota when full', () => {
    expect(remainingBytes({ usedBytes: 100, quotaBytes: 300 })).to.equal(200);
    expect(remainingBytes({ usedBytes: 400, quotaBytes: 300 })).to.equal(0);
    const refusal = quotaRefusal({ plan: 'starter', usedBytes: 1023 * 1024 * 1024, quotaBytes: 1024 ** 3 });
    expect(refusal.code).to.equal('STORAGE_QUOTA_EXCEEDED');
    expect(refusal.status).to.equal(413);
    expect(refusal.options.values).to.deep.equal({ used: '1023 MB', quota: '1 GB', next: 'ask' });
    // what this person can do next: the owner of a Starter team upgrades; on Business there is no larger plan
    const status = { usedBytes: 1, quotaBytes: 1 };
    expect(quotaRefusal({ plan: 'starter', ...status, payerOwnsTeam: true }).options.values?.next).to.equal('upgrade');
    expect(quotaRefusal({ plan: 'business', ...status, payerOwnsTeam: true }).options.values?.next).to.equal('none');
    expect(formatBytes(300 * 1024)).to.equal('300 KB');
  });
});
