import { expect } from 'chai';
import { describe, it } from 'mocha';
import { sessionReset } from '@tsudoi/ui/session';
import {
  chatClosed,
  chatInitialState,
  chatReducer,
  chatRouteChanged,
  conversationCleared,
  conversationJoined,
  conversationOpened,
  conversationUpdated,
  historyLoaded,
  messageReceived,
  messagesLoaded,
  messageUpdated,
  seenUpdated,
  selectUnreadTotal,
  directChatRequested,
  floorPanelShown,
  type ChatState,
} from './slice';
import { conversation, person, textMessage } from './testing';

const reduce = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) =>
  actions.reduce((s, a) => chatReducer(s, a), state);
const page = (conversationId: number, ids: number[], hasMore = false) => ({
  conversationId,
  messages: ids.map((id) => textMessage(id, conversationId, 2)),
  hasMore,
});

describe('chat slice', () => {
  const listed = reduce(
    chatInitialState,
    historyLoaded([
      conversation(1, { lastMessageStamp: 10 }),
      conversation(2, { lastMessageStamp: 30 }),
      conversation(3, { lastMessageStamp: 20 }),
    ]),
  );

  it('lists history conversations newest first', () => {
    expect(listed.conversations.map((c) => c.id)).to.deep.equal([2, 3, 1]);
    expect(listed.historyLoaded).to.equal(true);
  });

  it('reuses a joined conversation and moves it to the front', () => {
    const state = reduce(listed, conversationJoined(conversation(1, { title: 'renamed' })));
    expect(state.conversations.map((c) => c.id)).to.deep.equal([1, 2, 3]);
    expect(state.conversations[0]!.title).to.equal('renamed');
    const added = reduce(state, conversationJoined(conversation(9)));
    expect(added.conversations.map((c) => c.id)).to.deep.equal([9, 1, 2, 3]);
  });

  it('appends an incoming message to the active conversation without counting it unread', () => {
    const state = reduce(
      listed,
      conversationOpened(3),
      messagesLoaded({ page: page(3, [1, 2]), older: false }),
      messageReceived({ message: textMessage(5, 3, 2), mine: false }),
    );
    expect(state.threads[3]!.messages.map((m) => m.id)).to.deep.equal([1, 2, 5]);
    expect(state.conversations[0]).to.include({ id: 3, unreadMessages: 0, lastMessageId: 5 });
  });

  it('grows the unread count of other conversations and moves them up', () => {
    const state = reduce(
      listed,
      conversationOpened(3),
      messageReceived({ message: textMessage(6, 1, 2), mine: false }),
      messageReceived({ message: textMessage(7, 1, 2), mine: false }),
    );
    expect(state.conversations[0]).to.include({ id: 1, unreadMessages: 2, lastMessageId: 7 });
    expect(selectUnreadTotal({ chat: state })).to.equal(2);
    // my own message elsewhere (another window) is not unread
    const mine = reduce(state, messageReceived({ message: textMessage(8, 2, 1), mine: true }));
    expect(mine.conversations.find((c) => c.id === 2)!.unreadMessages).to.equal(0);
    // opening it clears the count
    expect(reduce(state, conversationOpened(1)).conversations.find((c) => c.id === 1)!.unreadMessages).to.equal(0);
  });

  it('lands a message once, and replaces my pending copy by its client id', () => {
    const loaded = reduce(listed, conversationOpened(2), messagesLoaded({ page: page(2, [1]), older: false }));
    const twice = reduce(
      loaded,
      messageReceived({ message: textMessage(4, 2, 1), mine: true }),
      messageReceived({ message: textMessage(4, 2, 1), mine: true }),
    );
    expect(twice.threads[2]!.messages.map((m) => m.id)).to.deep.equal([1, 4]);
    const echo = textMessage(5, 2, 1, { clientMessageId: 'abc' });
    const pending = textMessage(999, 2, 1, { clientMessageId: 'abc', stamp: echo.stamp });
    const replaced = reduce(
      loaded,
      messageReceived({ message: pending, mine: true }),
      messageReceived({ message: echo, mine: true }),
    );
    expect(replaced.threads[2]!.messages.map((m) => m.id)).to.deep.equal([1, 5]);
  });

  it('puts older pages in front without repeats and keeps hasMore from the last page', () => {
    const state = reduce(
      listed,
      messagesLoaded({ page: page(1, [21, 22, 23], true), older: false }),
      messagesLoaded({ page: page(1, [19, 20, 21], false), older: true }),
    );
    expect(state.threads[1]!.messages.map((m) => m.id)).to.deep.equal([19, 20, 21, 22, 23]);
    expect(state.threads[1]!.hasMore).to.equal(false);
  });

  it('shows edits and unsends in place and in the quotes of replies', () => {
    const reply = textMessage(3, 1, 1, {
      parentId: 2,
      replyTo: { id: 2, type: 'text', content: 'message 2', sender: person(2), unsentAt: null },
    });
    const loaded = reduce(
      listed,
      messagesLoaded({
        page: { conversationId: 1, messages: [textMessage(2, 1, 2), reply], hasMore: false },
        older: false,
      }),
    );
    const edited = reduce(
      loaded,
      messageUpdated(textMessage(2, 1, 2, { content: 'fixed &lt;b&gt;', editedAt: '2026-11-23T00:00:00.000Z' })),
    );
    expect(edited.threads[1]!.messages[0]).to.include({ content: 'fixed &lt;b&gt;' });
    expect(edited.threads[1]!.messages[1]!.replyTo).to.include({ content: 'fixed <b>' });
    const unsent = reduce(
      edited,
      messageUpdated(textMessage(2, 1, 2, { content: '', unsentAt: '2026-11-23T00:01:00.000Z' })),
    );
    expect(unsent.threads[1]!.messages[0]!.unsentAt).to.not.equal(null);
    expect(unsent.threads[1]!.messages[1]!.replyTo).to.include({ content: '', unsentAt: '2026-11-23T00:01:00.000Z' });
  });

  it('clears the count when my other window read it, and keeps others as receipts', () => {
    const unread = reduce(listed, messageReceived({ message: textMessage(6, 1, 2), mine: false }));
    const read = { conversationId: 1, lastReadMessageId: 6, lastReadStamp: 1 };
    const mine = reduce(unread, seenUpdated({ read: { ...read, user: person(1) }, mine: true }));
    expect(mine.conversations.find((c) => c.id === 1)!.unreadMessages).to.equal(0);
    const theirs = reduce(unread, seenUpdated({ read: { ...read, user: person(2) }, mine: false }));
    expect(theirs.reads[1]).to.deep.equal({ u2: 6 });
    expect(theirs.conversations.find((c) => c.id === 1)!.unreadMessages).to.equal(1);
  });

  it('takes a changed conversation in place, and an unknown one at the front; the open one stays read', () => {
    const renamed = reduce(listed, conversationUpdated(conversation(3, { title: 'renamed', unreadMessages: 2 })));
    expect(renamed.conversations.map((c) => [c.id, c.title, c.unreadMessages])).to.deep.equal([
      [2, 'Conversation 2', 0],
      [3, 'renamed', 2],
      [1, 'Conversation 1', 0],
    ]);
    const added = reduce(listed, conversationUpdated(conversation(7)));
    expect(added.conversations[0]!.id).to.equal(7);
    const open = reduce(listed, conversationOpened(3), conversationUpdated(conversation(3, { unreadMessages: 4 })));
    expect(open.conversations.find((c) => c.id === 3)!.unreadMessages).to.equal(0);
  });

  it('drops a cleared conversation, or empties it while it is open', () => {
    expect(reduce(listed, conversationCleared({ conversationId: 3 })).conversations.map((c) => c.id)).to.deep.equal([
      2, 1,
    ]);
    const open = reduce(
      listed,
      conversationOpened(3),
      messagesLoaded({ page: page(3, [1]), older: false }),
      conversationCleared({ conversationId: 3 }),
    );
    expect(open.threads[3]!.messages).to.deep.equal([]);
    expect(open.conversations.some((c) => c.id === 3)).to.equal(true);
  });

  it('forgets everything but the route when closed or signed out', () => {
    const state = reduce(listed, chatRouteChanged({ pathname: '/chat', search: '' }), conversationOpened(2));
    for (const action of [chatClosed(), sessionReset()]) {
      const after = reduce(state, action);
      expect(after.conversations).to.deep.equal([]);
      expect(after.activeId).to.equal(null);
      expect(after.route.pathname).to.equal('/chat');
    }
  });

  it('counts the message a conversation arrived with once, and every later one', () => {
    // the server announced the table with message 9 already counted as unread
    const state = reduce(
      chatInitialState,
      historyLoaded([]),
      conversationUpdated(conversation(4, { scope: 'room', unreadMessages: 1, lastMessageId: 9, lastMessageStamp: 9 })),
      messageReceived({ message: textMessage(9, 4, 2), mine: false }),
    );
    expect(state.conversations[0]!.unreadMessages).to.equal(1);
    const later = reduce(state, messageReceived({ message: textMessage(10, 4, 2), mine: false }));
    expect(later.conversations[0]!.unreadMessages).to.equal(2);
    expect(selectUnreadTotal({ chat: later })).to.equal(2);
  });

  it('opens the floor panel on a person, and forgets them when it closes', () => {
    const join = { scope: 'private' as const, userId: 7, floorId: 3 };
    const opened = reduce(chatInitialState, directChatRequested({ join, name: 'Mia Chen' }));
    expect(opened.floorPanel).to.deep.equal({ open: true, tab: 'direct', direct: { join, name: 'Mia Chen' } });
    const closed = reduce(opened, floorPanelShown({ open: false }));
    expect(closed.floorPanel).to.deep.equal({ open: false, tab: 'floor', direct: null });
    const onTable = reduce(closed, floorPanelShown({ open: true, tab: 'room' }));
    expect(onTable.floorPanel).to.deep.equal({ open: true, tab: 'room', direct: null });
    expect(reduce(onTable, chatClosed()).floorPanel.open).to.equal(false);
  });
});
