import { expect } from 'chai';
import { describe, it } from 'mocha';
import { messageTargetOf } from './message-target';

describe('send message from a person card', () => {
  const member = { userId: 2, isGuest: false, canManage: false };
  const host = { userId: 1, isGuest: false, canManage: true };
  const guest = { userId: 9, isGuest: true, canManage: false };
  const card = (userId: number, participantType: 'HOST' | 'EMPLOYEE' | 'GUEST') => ({ userId, participantType });

  it('opens a private chat between signed-in people on the floor', () => {
    expect(messageTargetOf(card(3, 'EMPLOYEE'), member, 5)).to.deep.equal({
      kind: 'direct',
      join: { scope: 'private', userId: 3, floorId: 5 },
    });
    expect(messageTargetOf(card(1, 'HOST'), member, 5)).to.deep.include({ kind: 'direct' });
  });

  it("opens a guest's conversation for the host side only", () => {
    expect(messageTargetOf(card(9, 'GUEST'), host, 5)).to.deep.equal({
      kind: 'direct',
      join: { scope: 'guest', floorId: 5, userId: 9 },
    });
    expect(messageTargetOf(card(9, 'GUEST'), member, 5)).to.equal(null);
  });

  it('lets a guest write to the host side only, and nobody to themselves', () => {
    expect(messageTargetOf(card(1, 'HOST'), guest, 5)).to.deep.equal({ kind: 'host' });
    expect(messageTargetOf(card(3, 'EMPLOYEE'), guest, 5)).to.equal(null);
    expect(messageTargetOf(card(8, 'GUEST'), guest, 5)).to.equal(null);
    expect(messageTargetOf(card(2, 'EMPLOYEE'), member, 5)).to.equal(null);
    expect(messageTargetOf(card(3, 'EMPLOYEE'), null, 5)).to.equal(null);
  });
});
