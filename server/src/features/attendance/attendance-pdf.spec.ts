import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { zonedInstant } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { ManualClock } from '../../testing/clock';
import { actor, api, as, registerTeam, type Actor } from '../companies/fixtures';

const jst = (date: string, time: string) => zonedInstant(date, time, 'Asia/Tokyo');

/**
 * The month PDF rendered by poppler (apt poppler-utils): pdftotext reads the
 * Japanese names and headings back (the font is embedded), pdftoppm renders
 * every page, and a long team month pages with the header row repeated.
 */
describe('attendance: month PDF (pdftotext, pdftoppm)', function () {
  this.timeout(120_000);
  const clock = new ManualClock(jst('2026-11-01', '08:00'));
  let server: TestServer;
  let owner: Actor;
  const names = ['佐藤 花子', '鈴木 一郎', 'Émilie Dupont'];
  const people: Actor[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsudoi-pdf-'));

  before(async function () {
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    } catch {
      throw new Error('pdftotext is missing: apt-get install poppler-utils (build/setup.mjs installs it)');
    }
    server = await startTestServer({}, { clock });
    owner = await actor(server, 'owner@pdf.example', { name: '管理 者' });
    const teamId = (await registerTeam(server, owner, '株式会社つどい')).id;
    // timecard and shifts are Business only (spec §1)
    await server.models.Company.update({ plan: 'business' }, { where: { id: teamId } });
    for (const [i, name] of names.entries())
      people.push(
        await actor(server, `p${i}@pdf.example`, { name, employmentCompanyId: teamId, employeeRole: 'EMPLOYEE' }),
      );
    // a shift every day of 1–28 November for everyone, worked (late on odd days) except the 10th
    // weekly templates from the first week fill the month
    for (let day = 1; day <= 7; day++)
      await api(
        server,
        '/api/shifts',
        as(owner, {
          body: {
            employeeIds: people.map((p) => p.user.id),
            date: `2026-11-0${day}`,
            startTime: '09:00',
            endTime: '18:00',
            breaks: [{ start: '12:00', end: '13:00' }],
            repeatWeeks: 3,
          },
        }),
      );
    for (let day = 1; day <= 28; day++) {
      const date = `2026-11-${String(day).padStart(2, '0')}`;
      for (const p of people) {
        if (day === 10) continue;
        clock.set(jst(date, day % 2 ? '09:12' : '08:58'));
        await api(server, '/api/time-log/record', as(p, { body: { action: 'checkIn' } }));
        clock.set(jst(date, '18:01'));
        await api(server, '/api/time-log/record', as(p, { body: { action: 'checkOut' } }));
      }
    }
    clock.set(jst('2026-12-01', '10:00'));
  });
  after(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function download(query: string, lang: string): Promise<string> {
    const res = await fetch(`${server.url}/api/time-log/export?${query}`, {
      headers: { ...owner.headers, 'x-api-key': server.apiKey, 'Accept-Language': lang },
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    const file = path.join(dir, `${query.replace(/\W/g, '_')}-${lang}.pdf`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }

  it("renders a person's month in Japanese with the font embedded", async () => {
    const file = await download(`employeeId=${people[0]!.user.id}&month=2026-11`, 'ja');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).to.contain('勤怠月報');
    expect(text).to.contain('佐藤 花子');
    expect(text).to.contain('株式会社つどい');
    expect(text).to.match(/日付\s+シフト\s+出勤\s+退勤/);
    expect(text).to.match(/2026-11-10\s+09:00–18:00.*欠勤/);
    expect(text).to.match(/2026-11-01\s+09:00–18:00\s+09:12\s+18:01/);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).to.match(/NotoSansCJK/);
    expect(
      fonts
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .every((l) => /\byes\b/.test(l)),
    ).to.equal(true);
    execFileSync('pdftoppm', ['-r', '40', '-png', file, path.join(dir, 'person')]);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('person') && f.endsWith('.png')).length).to.be.greaterThan(0);
  });

  it('pages the team month: each person starts a page, the header repeats, pages are numbered', async () => {
    const file = await download('team=true&month=2026-11', 'en');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    // 30 rows per person do not fit one landscape A4 page
    expect(pages).to.be.greaterThanOrEqual(names.length + 1 + 1);
    for (let p = 1; p <= pages; p++) {
      const text = execFileSync('pdftotext', ['-f', String(p), '-l', String(p), '-layout', file, '-'], {
        encoding: 'utf8',
      });
      expect(text, `page ${p}`).to.match(/Date\s+Shift\s+In\s+Out/);
      expect(text, `page ${p}`).to.contain(`Page ${p} of ${pages}`);
    }
    const all = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const name of [...names, '管理 者']) expect(all).to.contain(name);
    execFileSync('pdftoppm', ['-r', '30', '-png', file, path.join(dir, 'team')]);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('team') && f.endsWith('.png'))).to.have.length(pages);
  });
});
