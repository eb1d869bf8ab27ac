import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { QueryTypes } from 'sequelize';
import { createAccount, named } from './support/auth';
import { thread } from './support/chat';
import { createPermanentFloor, createTeam } from './support/floors';
import { shootAll, shootAsIs } from './support/team';
import { e2eWorld } from './support/world';
import { liveJoined } from './support/media';

const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const KB = 1024;

/** Issue 13 items 5 and 7 as people see them: a full storage quota, an expired file, rooms that stay open, guest links. */
describe('uploads and permissions in the browser', function () {
  this.timeout(300_000);
  const world = e2eWorld({ shots: SHOTS, env: { STORAGE_QUOTA_STARTER: '600KB', CHAT_ATTACHMENT_TTL_DAYS: '30' } });
  const { pages, url } = world;

  const attach = (page: Page, name: string, size: number) =>
    page
      .getByTestId('chat-file-input')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.alloc(size) });

  it('says the team’s storage has no room, with the figures, and shows an expired file as expired', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'quota', true);
    await named(world.server, member!, 'Mia Chen');
    const page = await pages.open('ja-JP', undefined, owner);
    await page.goto(url('/chat'));
    await page.getByRole('button', { name: '新しいメッセージ' }).click();
    await page
      .getByRole('dialog', { name: '新しいメッセージ' })
      .getByRole('button', { name: /Mia Chen/ })
      .click();
    await thread(page).getByRole('heading', { name: 'Mia Chen' }).waitFor();

    await attach(page, '見積書.pdf', 400 * KB);
    await thread(page).getByTestId('chat-file').filter({ hasText: '見積書.pdf' }).waitFor();
    await attach(page, '議事録.pdf', 400 * KB);
    const full = thread(page).getByTestId('chat-upload-storage-full');
    await full.waitFor();
    expect(await full.textContent()).to.contain('保存容量が足りません · 議事録.pdf');
    expect(await full.textContent()).to.contain('600 KB のうち 400 KB を使用中');
    // the team's owner gets the way to more storage
    expect(await full.getByRole('link', { name: 'プランを見てアップグレード' }).getAttribute('href')).to.equal('/plan');
    expect(await thread(page).getByTestId('chat-file').filter({ hasText: '議事録.pdf' }).count()).to.equal(0);
    await shootAsIs(page, SHOTS, 'chat-storage-full-ja');
    // the same in English
    await page.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await page.reload();
    await thread(page).getByTestId('chat-file').first().waitFor();
    await attach(page, 'minutes.pdf', 400 * KB);
    const fullEn = thread(page).getByTestId('chat-upload-storage-full');
    await fullEn.waitFor();
    expect(await fullEn.textContent()).to.contain('Not enough storage · minutes.pdf');
    expect(await fullEn.textContent()).to.contain('(400 KB of 600 KB used)');
    expect(await fullEn.getByRole('link', { name: 'See plans and upgrade' }).count()).to.equal(1);
    await shootAsIs(page, SHOTS, 'chat-storage-full-en');

    // 31 days later the sweep removes the file's bytes; the message stays and says so
    await world.server.sequelize.query('UPDATE chat_uploads SET created_at = ?', {
      replacements: [new Date(Date.now() - 31 * 24 * 3600_000)],
      type: QueryTypes.UPDATE,
    });
    expect((await world.server.features.uploads.sweeper.sweep()).chatAttachmentsExpired).to.equal(1);
    await page.context().addCookies([{ name: 'tsudoi_locale', value: 'ja', url: world.server.url }]);
    await page.reload();
    const expired = thread(page).getByTestId('chat-file-expired');
    await expired.waitFor();
    expect(await expired.textContent()).to.contain('見積書.pdf');
    expect(await expired.textContent()).to.contain('保存期間終了');
    expect(await expired.getByRole('button').count()).to.equal(0);
    await shootAll(page, world.server, SHOTS, 'chat-file-expired', '[data-testid="chat-file-expired"]');
  });

  it('offers no lock in the entrance, and offers it in the room one is in', async () => {
    const { owner, member } = await createTeam(world.server, world.smtp, 'locks', true);
    const floorId = await createPermanentFloor(world.server, owner, '鍵のテスト');
    const page = await pages.open('ja-JP', undefined, member!);
    await page.goto(url(`/floors/${floorId}/live`));
    const map = page.getByRole('group', { name: 'フロアマップ' });
    await map.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await liveJoined(page);
    await map.getByRole('button', { name: /^エントランス、/ }).click();
    const entrance = page.getByRole('dialog', { name: 'エントランス' });
    await entrance.getByText('このルームは全員が出入りできるよう常に開放されているため、ロックできません。').waitFor();
    expect(await entrance.getByRole('button', { name: 'ロックする' }).count()).to.equal(0);
    await shootAsIs(page, SHOTS, 'room-popup-entrance-ja');
    await entrance.getByRole('button', { name: '閉じる' }).click();

    await map.getByRole('button', { name: /^テーブルA、/ }).click();
    await map.locator('[data-room="8"] .floor-room__face--self').waitFor();
    await map.getByRole('button', { name: /^テーブルA、/ }).click();
    const table = page.getByRole('dialog', { name: 'テーブルA' });
    await table.getByRole('button', { name: 'ロックする' }).click();
    await table.getByTestId('room-password').waitFor();
    await table.getByRole('button', { name: '閉じる' }).click();

    await page.context().addCookies([{ name: 'tsudoi_locale', value: 'en', url: world.server.url }]);
    await page.reload();
    const mapEn = page.getByRole('group', { name: 'Floor map' });
    await mapEn.locator('[data-room="8"] .floor-room__face--self').waitFor();
    await liveJoined(page);
    await mapEn.getByRole('button', { name: /^Entrance, / }).click();
    await mapEn.locator('[data-room="1"] .floor-room__face--self').waitFor();
    await mapEn.getByRole('button', { name: /^Entrance, / }).click();
    await page
      .getByRole('dialog', { name: 'Entrance' })
      .getByText('This room stays open to everyone, so it cannot be locked.')
      .waitFor();
    await shootAsIs(page, SHOTS, 'room-popup-entrance-en');
  });

  it('tells a signed-in person a guest invitation is used signed out, and takes them there', async () => {
    const { owner } = await createTeam(world.server, world.smtp, 'glink', false);
    const floorId = await createPermanentFloor(world.server, owner, 'お客様フロア');
    const visitor = `visitor-${Date.now().toString(36)}@example.com`;
    const registered = await fetch(`${world.server.url}/api/participant/register`, {
      method: 'POST',
      headers: {
        'x-api-key': world.server.apiKey,
        'content-type': 'application/json',
        authorization: `Bearer ${owner.accessToken}`,
      },
      body: JSON.stringify({ floorId, participants: [{ email: visitor }] }),
    });
    expect(registered.status).to.equal(201);
    const link = (await world.server.models.FloorParticipant.findOne({ where: { floorId, email: visitor } }))!;
    const stranger = await createAccount(world.server, world.smtp, 'stranger', true);
    const page = await pages.open('ja-JP', undefined, stranger);
    await page.goto(url(`/floors/${floorId}?app_id=${link.publicToken}`));
    const card = page.getByTestId('guest-link-signed-in');
    await card.getByRole('heading', { name: 'ゲスト用の招待リンクです' }).waitFor();
    await card.getByText('サインアウトしてゲストとして参加するか').waitFor();
    await shootAll(page, world.server, SHOTS, 'guest-link-signed-in', '[data-testid="guest-link-signed-in"]');
    await card.getByRole('button', { name: 'サインアウトしてゲストとして参加' }).click();
    await page.getByRole('dialog', { name: 'ゲストとして参加' }).waitFor();
    expect((await world.server.models.FloorParticipant.findByPk(link.id))!.userId).to.equal(null);
  });
});
