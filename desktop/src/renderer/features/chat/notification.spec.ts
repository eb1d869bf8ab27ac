import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { ChatMessageDto } from '@tsudoi/common';
import { chatNotification, mentions } from './notification';
import { textMessage } from './testing';

const floorChat = { scope: 'floor' as const, title: 'みんなのオフィス', floorId: 7 };
const privateChat = { scope: 'private' as const, title: 'Mia Chen', floorId: null };

describe('chat: native notifications', () => {
  it('finds @name mentions, not names glued to longer words', () => {
    expect(mentions('hi @Mia, look', 'Mia')).to.equal(true);
    expect(mentions('@mia chen 見て', 'Mia Chen')).to.equal(true);
    expect(mentions('@山田 太郎、確認お願いします', '山田 太郎')).to.equal(true);
    expect(mentions('see @Miami', 'Mia')).to.equal(false);
    expect(mentions('mail me at a@Mia', 'Mia')).to.equal(false);
    expect(mentions('Mia without at', 'Mia')).to.equal(false);
    expect(mentions('@', '')).to.equal(false);
  });

  it('always notifies a private message, opening the chat page', () => {
    const message = textMessage(1, 3, 2, { content: 'こんにちは' });
    expect(chatNotification(message, privateChat, 'Ken')).to.deep.equal({
      kind: 'message',
      title: 'User 2',
      body: 'こんにちは',
      path: '/chat',
    });
  });

  it('notifies floor chat only for a mention of me, opening the floor', () => {
    expect(chatNotification(textMessage(1, 3, 2, { content: 'lunch?' }), floorChat, 'Ken')).to.equal(null);
    expect(chatNotification(textMessage(2, 3, 2, { content: '@Ken lunch?' }), floorChat, 'Ken')).to.deep.equal({
      kind: 'mention',
      title: 'User 2 · みんなのオフィス',
      body: '@Ken lunch?',
      path: '/floors/7/live',
    });
  });

  it('says nothing of an unsent message, and names a file by its name', () => {
    const unsent = textMessage(1, 3, 2, { unsentAt: '2026-11-23T00:00:00.000Z', content: '' });
    expect(chatNotification(unsent, privateChat, 'Ken')).to.equal(null);
    const file = {
      ...textMessage(2, 3, 2),
      type: 'file',
      content: { name: 'minutes.pdf', size: 10, mimeType: 'application/pdf', url: 'x' },
    } as ChatMessageDto;
    expect(chatNotification(file, privateChat, 'Ken')).to.include({ kind: 'message', body: 'minutes.pdf' });
  });
});
