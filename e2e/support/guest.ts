import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestServer } from '../../server/src/testing/test-server';
import { callApi, type Account } from './auth';

/** A permanent public floor without a password, made through the API; answers its id and its guest link's app_id. */
export async function publicFloor(server: TestServer, owner: Account, title: string) {
  const { status, json } = await callApi(
    server,
    'POST',
    '/floors',
    { title, catchcopy: `${title} — guests welcome`, type: 2, privacy: 'public', floorPlanId: 'office-24' },
    owner.accessToken,
  );
  expect(status, JSON.stringify(json)).to.equal(201);
  const floorId = (json.data as { id: number }).id;
  const appId = (await server.models.Floor.findByPk(floorId))!.inviteToken;
  return { floorId, appId };
}

/** An account-less visitor opens a floor's guest link (English page), names themselves and lands on its live page. */
export async function enterAsGuest(page: Page, link: string, floorId: number, name: string) {
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Join as a guest' });
  await dialog.getByLabel('Display name').fill(name);
  await dialog.getByRole('button', { name: 'Enter the floor' }).click();
  await page.waitForURL(new RegExp(`/floors/${floorId}/live\\?app_id=`));
}
