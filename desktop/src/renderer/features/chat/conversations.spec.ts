import { expect } from 'chai';
import { describe, it } from 'mocha';
import { listedOnChatPage } from './conversations';
import { conversation } from './testing';

describe('chat page list', () => {
  it("lists a floor's or table's conversation once something is said in it, or while it is open", () => {
    const quietTable = conversation(1, { scope: 'room' });
    const quietFloor = conversation(2, { scope: 'floor' });
    const talkingTable = conversation(3, { scope: 'room', lastMessageId: 7 });
    const quietPrivate = conversation(4, { scope: 'private', typeId: null, floorId: null });
    expect(listedOnChatPage(quietTable, null)).to.equal(false);
    expect(listedOnChatPage(quietFloor, null)).to.equal(false);
    expect(listedOnChatPage(quietTable, 1)).to.equal(true);
    expect(listedOnChatPage(talkingTable, null)).to.equal(true);
    expect(listedOnChatPage(quietPrivate, null)).to.equal(true);
  });
});
