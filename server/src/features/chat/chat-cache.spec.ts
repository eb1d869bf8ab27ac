import { expect } from 'chai';
import { CHAT_KINDS } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { ChatCache, KEY_MISS_TTL_MS } from './chat-cache';

describe(`chat cache: conversations by key (${testDialect()})`, function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({});
  });
  after(() => server?.close());

  it('believes a miss for a while, knows at once what this process made, and sees what others made after the while', async () => {
    const cache = new ChatCache(server.models);
    const row = (typeId: number) => ({
      key: `room:${typeId}`,
      kind: CHAT_KINDS.chat,
      scope: 'room' as const,
      floorId: null,
      typeId,
    });
    expect(await cache.byKey('room:901')).to.equal(null);
    // made by another process: not seen while the miss is believed…
    const elsewhere = await server.models.ChatConversation.create(row(901));
    expect(await cache.byKey('room:901')).to.equal(null);
    // …and seen once it is over
    await new Promise((resolve) => setTimeout(resolve, KEY_MISS_TTL_MS + 100));
    expect((await cache.byKey('room:901'))?.id).to.equal(elsewhere.id);
    // made here: known at once, by key and by id
    expect(await cache.byKey('room:902')).to.equal(null);
    const here = await server.models.ChatConversation.create(row(902));
    cache.made(here);
    expect((await cache.byKey('room:902'))?.id).to.equal(here.id);
    expect((await cache.conversation(here.id))?.key).to.equal('room:902');
  });
});
