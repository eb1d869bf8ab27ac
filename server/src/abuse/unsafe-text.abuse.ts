import { expect } from 'chai';
import type { ChatConversationDto } from '@tsudoi/common';
import { api, as } from '../features/companies/fixtures';
import { call, ok, refused } from '../features/floors/live/live.testing';
import { mediaWorld } from '../features/media/media.testing';
import { streamUpload } from './support/multipart';

const UNSAFE_MESSAGE = 'Remove control and invisible characters (such as zero-width spaces or text-direction marks)';
/** "invoice<RLO>fdp.exe": shown as "invoice" + "exe.pdf" reversed, i.e. "invoiceexe.pdf" — an .exe that looks like a PDF. */
const LOOKS_LIKE_PDF = 'invoice\u202Efdp.exe';

/**
 * Issue 25 §8 from the attacker's side: chat attachment names, shift titles,
 * Q&A questions and chat messages follow the same safe-text rule as names
 * (no control, bidirectional-override or zero-width characters); line breaks
 * stay where a text has lines. Nothing is stored when refused.
 */
describe('abuse: one rule for text shown to others (attachments, shifts, Q&A, chat)', function () {
  this.timeout(60_000);
  const world = mediaWorld({ floorEach: false });

  it('refuses a chat attachment named to pass for a PDF, and keeps nothing of it', async () => {
    const host = await world.on(world.teams.ownerA);
    const joined = await ok(call<ChatConversationDto>(host, 'chat:join', { scope: 'floor', floorId: world.floorId }));
    const before = await world.server.models.ChatUpload.count();
    const url = `${world.server.url}/api/uploads?conversationId=${joined.id}`;
    const answer = await streamUpload(
      url,
      { ...world.teams.ownerA.headers, 'x-api-key': 'tsudoi-dev-key', 'Accept-Language': 'en' },
      1024,
      {
        name: LOOKS_LIKE_PDF,
      },
    );
    expect([answer.status, answer.json.error?.code]).to.deep.equal([400, 'VALIDATION_FAILED']);
    expect((answer.json.error as unknown as { fields: Record<string, string> }).fields.file).to.equal(UNSAFE_MESSAGE);
    expect(await world.server.models.ChatUpload.count()).to.equal(before);
    // the same file under a plain name is taken
    const plain = await streamUpload(
      url,
      { ...world.teams.ownerA.headers, 'x-api-key': 'tsudoi-dev-key', 'Accept-Language': 'en' },
      1024,
      {
        name: 'invoice.pdf.exe',
      },
    );
    expect(plain.status).to.equal(201);
  });

  it('refuses bidirectional overrides and tabs in chat messages and Q&A questions; keeps their line breaks', async () => {
    const host = await world.on(world.teams.ownerA);
    const member = await world.on(world.teams.memberA);
    const joined = await ok(call<ChatConversationDto>(member, 'chat:join', { scope: 'floor', floorId: world.floorId }));
    const messages = await world.server.models.ChatMessage.count();
    for (const content of [`Open ${LOOKS_LIKE_PDF}`, 'tab\there', 'zero\u200Bwidth'])
      expect(
        (
          await refused(call(member, 'chat:sendMessage', { conversationId: joined.id, content, clientMessageId: 'm1' }))
        )[0],
      ).to.equal('VALIDATION_FAILED');
    expect(await world.server.models.ChatMessage.count()).to.equal(messages);
    await ok(
      call(member, 'chat:sendMessage', { conversationId: joined.id, content: 'two\nlines', clientMessageId: 'm2' }),
    );

    await ok(call(host, 'presentation:start', {}));
    const questions = await world.server.models.StageQuestion.count();
    for (const text of [`Is ${LOOKS_LIKE_PDF} safe?`, 'why\u2066 this\u2069', 'bell\u0007'])
      expect((await refused(call(member, 'presentation:ask', { text })))[0]).to.equal('VALIDATION_FAILED');
    expect(await world.server.models.StageQuestion.count()).to.equal(questions);
    const asked = await ok(call<{ text: string }>(member, 'presentation:ask', { text: 'first line\r\nsecond line' }));
    expect(asked.text).to.equal('first line\nsecond line');
    await ok(call(host, 'presentation:stop', {}));
  });

  it('refuses an unsafe shift title with the message on the field, creating no shift', async () => {
    await world.server.models.Company.update({ plan: 'business' }, { where: { id: world.teams.teamA.id } });
    const shifts = await world.server.models.Shift.count();
    const res = await api(
      world.server,
      '/api/shifts',
      as(world.teams.ownerA, {
        lang: 'en',
        body: {
          employeeIds: [world.teams.memberA.user.id],
          date: '2026-12-24',
          startTime: '09:00',
          endTime: '18:00',
          title: `Night \u202Etfihs`,
        },
      }),
    );
    expect([res.status, res.json.error?.code, res.json.error?.fields?.title]).to.deep.equal([
      400,
      'VALIDATION_FAILED',
      UNSAFE_MESSAGE,
    ]);
    expect(await world.server.models.Shift.count()).to.equal(shifts);
  });
});
