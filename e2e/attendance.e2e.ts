import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { callApi, DESKTOP, expectNoHorizontalOverflow, named, PHONE } from './support/auth';
import { createPermanentFloor, createTeam, japanDate } from './support/floors';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

const face = (page: Page, userId: number) => page.locator(`.floor-map [data-person="${userId}"]`);

async function shoot(page: Page, name: string, locale: 'ja' | 'en') {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    if (viewport === PHONE) await expectNoHorizontalOverflow(page);
    await page.screenshot({
      path: `${SHOTS}18-${name}-${locale}-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

describe('attendance: check in on the floor, the manager sees the month and downloads the PDF', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('an employee checks in from the floor, takes a break, checks out; the manager sees it live and in the month', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'attend', true);
    // timecard and shifts are Business only (spec §1)
    const ownerRow = await world.server.models.User.findOne({ where: { email: owner.email } });
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: ownerRow!.employmentCompanyId! } });
    const ownerId = await named(world.server, owner, '管理 花子');
    const memberId = await named(world.server, member!, '山田 太郎');
    const floorId = await createPermanentFloor(world.server, owner, '勤怠のオフィス');
    // this week's shift for the member, made through the API (the dialog is exercised below)
    const today = japanDate(0);
    const shift = await callApi(
      world.server,
      'POST',
      '/shifts',
      {
        employeeIds: [memberId],
        date: today,
        startTime: '00:00',
        endTime: '23:59',
        breaks: [{ start: '12:00', end: '13:00' }],
      },
      owner.accessToken,
    );
    expect(shift.status, JSON.stringify(shift.json)).to.equal(201);

    const managerFloor = await pages.open('ja-JP', DESKTOP, owner);
    const memberFloor = await pages.open('ja-JP', DESKTOP, member!);
    await managerFloor.goto(url(`/floors/${floorId}/live`));
    await memberFloor.goto(url(`/floors/${floorId}/live`));
    await face(managerFloor, memberId).waitFor();
    await face(memberFloor, ownerId).waitFor();

    // the member opens the floor's attendance button and checks in
    const button = memberFloor.getByRole('button', { name: /^勤怠/ });
    await button.click();
    const panel = memberFloor.getByRole('dialog', { name: '勤怠' });
    await panel.getByText('未出勤').waitFor();
    expect(await panel.getByRole('button', { name: '休憩開始' }).isDisabled()).to.equal(true);
    await panel.getByRole('button', { name: '出勤' }).click();
    await memberFloor.locator('.toast--success').filter({ hasText: '出勤しました' }).waitFor();
    await panel.getByText('勤務中').waitFor();
    // the manager's floor shows the member working, live
    await face(managerFloor, memberId).locator('[data-attendance="working"]').waitFor();
    expect(await face(managerFloor, memberId).getAttribute('title')).to.contain('勤務中');
    await memberFloor.screenshot({ path: `${SHOTS}18-floor-attendance-ja-1280x800.png` });

    await panel.getByRole('button', { name: '休憩開始' }).click();
    await panel.getByText('休憩中').waitFor();
    await face(managerFloor, memberId).locator('[data-attendance="onBreak"]').waitFor();
    await panel.getByRole('button', { name: '休憩終了' }).click();
    await face(managerFloor, memberId).locator('[data-attendance="working"]').waitFor();
    await panel.getByRole('button', { name: '退勤' }).click();
    await panel.locator('[data-attendance="left"]').waitFor();
    await face(managerFloor, memberId).locator('[data-attendance="left"]').waitFor();
    await managerFloor.screenshot({ path: `${SHOTS}18-floor-badges-ja-1280x800.png` });

    // the manager opens /attendance: the team's status, then the member's month
    const manager = await pages.open('ja-JP', DESKTOP, owner);
    await manager.goto(url('/attendance'));
    await manager.getByRole('heading', { level: 1, name: '勤怠' }).waitFor();
    const row = manager.locator(`[data-member="${memberId}"]`);
    await row.getByText('退勤').waitFor();
    await manager.getByTestId('att-employee').selectOption(String(memberId));
    await manager.getByRole('button', { name: '1か月' }).click();
    const report = manager.getByTestId('att-report');
    await report.locator('tbody tr').first().waitFor();
    const cells = await report.locator('tbody tr').last().locator('td').allInnerTexts();
    expect(cells[1]).to.equal('00:00–23:59');
    expect(cells[2]).to.match(/^\d\d:\d\d$/);
    await shoot(manager, 'attendance', 'ja');

    // the month's PDF downloads and reads back (poppler) with the member's Japanese name
    const download = manager.waitForEvent('download');
    await manager.getByTestId('att-pdf').click();
    const file = await (await download).path();
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).to.contain('勤怠月報');
    expect(text).to.contain('山田 太郎');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', file, `${SHOTS}18-month-pdf-ja`]);
    expect(fs.existsSync(`${SHOTS}18-month-pdf-ja.png`)).to.equal(true);

    // the shift page: the week with the member's shift; the dialog refuses a break outside the shift
    await manager.goto(url('/employee/shift'));
    await manager.getByRole('heading', { level: 1, name: 'シフト' }).waitFor();
    await manager.getByTestId('shift-grid').getByText('00:00–23:59').waitFor();
    await manager.getByRole('button', { name: 'シフトを作成' }).click();
    const dialog = manager.getByRole('dialog', { name: 'シフトを作成' });
    await dialog.getByLabel('管理 花子').check();
    await dialog.getByLabel('休憩1の開始').fill('08:00');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('休憩は勤務時間内にしてください').waitFor();
    await dialog.getByLabel('休憩1の開始').fill('12:00');
    await dialog.getByRole('button', { name: '保存' }).click();
    await manager.locator('.toast--success').filter({ hasText: 'シフトを作成しました' }).waitFor();
    await manager.getByTestId('shift-grid').getByText('09:00–18:00').waitFor();
    await shoot(manager, 'shift', 'ja');

    // one person's shifts (shifts/by-employee): the member's week only, without the manager's
    await manager.goto(url(`/employee/${memberId}/shift`));
    await manager.getByTestId('shift-grid').getByText('00:00–23:59').waitFor();
    expect(await manager.getByTestId('shift-grid').getByText('09:00–18:00').count()).to.equal(0);
    // the member, without "see everyone's shifts", asking for the manager's: refused in words, nothing shown
    await memberFloor.goto(url(`/employee/${ownerId}/shift`));
    await memberFloor.getByText('この操作には「全員のシフト一覧の閲覧」の権限が必要です。').waitFor();
    expect(await memberFloor.getByTestId('shift-grid').getByText('09:00–18:00').count()).to.equal(0);
  });

  it('looks right in English too (attendance and shifts)', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'attend-en', false);
    const ownerRow = await world.server.models.User.findOne({ where: { email: owner.email } });
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: ownerRow!.employmentCompanyId! } });
    await named(world.server, owner, 'Grace Hopper');
    const page = await pages.open('en-US', DESKTOP, owner);
    await page.goto(url('/attendance'));
    await page.getByRole('heading', { level: 1, name: 'Attendance' }).waitFor();
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.locator('.toast--success').filter({ hasText: 'Checked in at' }).waitFor();
    await page.getByTestId('att-report').locator('tbody tr').first().waitFor();
    // my own row of the team panel follows my check-in
    await page.locator('.att-team [data-attendance="working"]').waitFor();
    await shoot(page, 'attendance', 'en');
    // the owner moves the company to another zone: the desk and the logs follow it
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.locator('.toast--success').filter({ hasText: 'Attendance settings saved' }).waitFor();
    await page.locator('.att-today').getByText('America/New_York', { exact: false }).first().waitFor();
    await page.goto(url('/employee/shift'));
    await page.getByRole('heading', { level: 1, name: 'Shifts' }).waitFor();
    await shoot(page, 'shift', 'en');
  });
});
