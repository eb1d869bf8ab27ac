import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { callApi, DESKTOP, expectNoHorizontalOverflow, named, PHONE } from './support/auth';
import { createPermanentFloor, createTeam, japanDate } from './support/floors';
import { e2eWorld } from './support/world';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

async function shoot(page: Page, name: string, locale: 'ja' | 'en') {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    if (viewport === PHONE) await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}18-${name}-${locale}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

describe('attendance: a manager corrects a time log and records for a teammate', function () {
  this.timeout(240_000);
  const world = e2eWorld({ shots: SHOTS });
  const { pages, url } = world;

  it('the owner corrects the member’s record in the dialog (a refusal shown by its field), then checks the member out', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'edit', true);
    const ownerRow = await world.server.models.User.findOne({ where: { email: owner.email } });
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: ownerRow!.employmentCompanyId! } });
    await named(world.server, owner, '管理 花子');
    const memberId = await named(world.server, member!, '山田 太郎');
    for (const action of ['checkIn', 'startBreak', 'endBreak', 'checkOut']) {
      const res = await callApi(world.server, 'POST', '/time-log/record', { action }, member!.accessToken);
      expect(res.status, JSON.stringify(res.json)).to.equal(200);
    }

    const page = await pages.open('ja-JP', DESKTOP, owner);
    await page.goto(url('/attendance'));
    await page.getByRole('heading', { level: 1, name: '勤怠' }).waitFor();
    await page.getByTestId('att-employee').selectOption(String(memberId));
    const report = page.getByTestId('att-report');
    await report.locator('tbody tr').first().waitFor();
    await report
      .getByRole('button', { name: /の記録を修正$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '勤怠記録の修正' });
    await dialog.waitFor();
    await dialog.getByText('山田 太郎 さん').waitFor();
    await shoot(page, 'edit-dialog', 'ja');

    // without a reason: refused under its field (the employee is shown it), nothing changes
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').filter({ hasText: '修正の理由を入力してください' }).first().waitFor();
    await dialog.getByLabel('修正の理由').fill('打刻漏れのため');

    // a check-in tomorrow is in the future: refused under its field, nothing changes
    await dialog.getByLabel('出勤日').fill(japanDate(1));
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').filter({ hasText: '未来の時刻は記録できません' }).first().waitFor();
    const before = await world.server.models.TimeLog.findOne({ where: { userId: memberId } });
    expect(before!.editedBy).to.equal(null);

    // back to today, the break removed and the check-out emptied: the member is at work again
    await dialog.getByLabel('出勤日').fill(japanDate(0));
    await dialog.getByRole('button', { name: '削除' }).click();
    await dialog.getByLabel('退勤').fill('');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('.toast--success').filter({ hasText: '勤怠記録を修正しました' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const after = await world.server.models.TimeLog.findOne({ where: { userId: memberId } });
    expect(after).to.deep.include({ editedBy: ownerRow!.id, status: 'working', checkOutAt: null });
    expect(after!.breaks).to.deep.equal([]);
    const corrections = await world.server.models.TimeLogCorrection.findAll({ where: { timeLogId: after!.id } });
    expect(corrections.map((c) => c.reason)).to.deep.equal(['打刻漏れのため']);
    await report.locator('.att-live').first().waitFor();

    // manageOthers: the owner checks the member out from the team panel
    const memberRow = page.locator(`.att-team__item[data-member="${memberId}"]`);
    await memberRow.locator('[data-attendance="working"]').waitFor();
    await memberRow.getByRole('button', { name: '退勤' }).click();
    await page.locator('.toast--success').filter({ hasText: /退勤/ }).first().waitFor();
    await memberRow.locator('[data-attendance="left"]').waitFor();
    const left = await world.server.models.TimeLog.findOne({ where: { userId: memberId } });
    expect(left!.status).to.equal('left');
    // the owner's own status did not move
    await page.locator('.att-today').getByRole('button', { name: '出勤' }).waitFor();

    // English
    const en = await pages.open('en-US', DESKTOP, owner);
    await en.goto(url('/attendance'));
    await en.getByTestId('att-employee').selectOption(String(memberId));
    await en
      .getByTestId('att-report')
      .getByRole('button', { name: /^Correct the record of/ })
      .first()
      .click();
    await en.getByRole('dialog', { name: 'Correct attendance record' }).waitFor();
    await shoot(en, 'edit-dialog', 'en');
  });

  it('with the presence timecard on, entering the floor asks the member to check in, and only their answer records it', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'timecard', true);
    const ownerRow = await world.server.models.User.findOne({ where: { email: owner.email } });
    const teamId = ownerRow!.employmentCompanyId!;
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: teamId } });
    const memberId = await named(world.server, member!, '山田 太郎');
    const floorId = await createPermanentFloor(world.server, owner, 'タイムカードのオフィス');

    // the owner turns it on from the attendance page
    const page = await pages.open('ja-JP', DESKTOP, owner);
    await page.goto(url('/attendance'));
    // a controlled checkbox: it shows the saved setting once the server has it
    const toggle = page.getByRole('checkbox', { name: /在席タイムカード/ });
    await toggle.click();
    await page.locator('.toast--success').first().waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.att-timecard input')?.checked === true);
    expect((await world.server.models.AttendanceSetting.findByPk(teamId))!.presenceTimecard).to.equal(true);

    const floor = await pages.open('ja-JP', DESKTOP, member!);
    await floor.goto(url(`/floors/${floorId}/live`));
    const prompt = floor.getByRole('alertdialog', { name: 'フロアに入りました。出勤を記録しますか？' });
    await prompt.waitFor();
    expect(await world.server.models.TimeLog.count({ where: { userId: memberId } })).to.equal(0);
    await floor.screenshot({ path: `${SHOTS}18-timecard-prompt-ja-1280x800.png` });
    await prompt.getByRole('button', { name: '出勤' }).click();
    await floor.locator('.toast--success').filter({ hasText: '出勤しました' }).waitFor();
    await prompt.waitFor({ state: 'detached' });
    const log = await world.server.models.TimeLog.findOne({ where: { userId: memberId } });
    expect(log!.status).to.equal('working');
    // the member sees on /attendance that the timecard is on
    await floor.goto(url('/attendance'));
    await floor.getByText('在席タイムカードがオンです', { exact: false }).waitFor();
  });
});
