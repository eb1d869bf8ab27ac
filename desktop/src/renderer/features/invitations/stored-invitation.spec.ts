import { expect } from 'chai';
import { describe, it } from 'mocha';
import {
  invitationEmail,
  invitationPath,
  STORED_INVITATION_KEY,
  storeInvitation,
  takeStoredInvitation,
} from './stored-invitation';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('stored invitation link (spec §4)', () => {
  const link = invitationPath(7, 'Hanako+team@example.jp');

  it('builds the link of the invitation mail with the e-mail encoded', () => {
    expect(link).to.equal('/invitation/employee/7?email=Hanako%2Bteam%40example.jp');
    expect(invitationEmail(link)).to.equal('hanako+team@example.jp');
  });

  it('honours a stored link for the signed-in e-mail (any case) once', () => {
    const storage = memoryStorage();
    storeInvitation(storage, link);
    expect(takeStoredInvitation(storage, 'HANAKO+team@example.jp')).to.equal(link);
    expect(takeStoredInvitation(storage, 'hanako+team@example.jp')).to.equal(null);
  });

  it('discards a stored link for another e-mail', () => {
    const storage = memoryStorage();
    storeInvitation(storage, link);
    expect(takeStoredInvitation(storage, 'taro@example.jp')).to.equal(null);
    expect(storage.items.has(STORED_INVITATION_KEY)).to.equal(false);
  });

  it('never stores or follows anything but an invitation page of this site', () => {
    const storage = memoryStorage();
    storeInvitation(storage, 'https://evil.example/invitation/employee/7?email=a%40b.jp');
    storeInvitation(storage, '/profile?email=a%40b.jp');
    expect(storage.items.size).to.equal(0);
    storage.setItem(STORED_INVITATION_KEY, '//evil.example/invitation/employee/7?email=a%40b.jp');
    expect(takeStoredInvitation(storage, 'a@b.jp')).to.equal(null);
    storage.setItem(STORED_INVITATION_KEY, '/invitation/employee/7');
    expect(takeStoredInvitation(storage, 'a@b.jp')).to.equal(null);
  });
});
