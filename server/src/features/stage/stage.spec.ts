import { expect } from 'chai';
import type { PresentationDto, PresentationView, QaQuestionDto } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, next, nextWhere, ok, refused, type Client } from '../floors/live/live.testing';
import { mediaWorld } from '../media/media.testing';

describe(`stage: presentations and Q&A (${testDialect()})`, function () {
  this.timeout(60_000);
  const world = mediaWorld();
  const { on } = world;
  const view = (c: Client) => ok(call<PresentationView>(c, 'presentation:get', {}));
  const ask = (c: Client, text: string) => ok(call<QaQuestionDto>(c, 'presentation:ask', { text }));
  const vote = (c: Client, id: number, up: boolean) => call<QaQuestionDto>(c, 'presentation:vote', { id, up });
  /** Gives team A's admin the speech permission on the current floor. */
  const speechForAdmin = async () => {
    const res = await world.calls.register(world.teams.ownerA, world.floorId, [
      { email: world.teams.adminA.user.email, permissions: { speech: true } },
    ]);
    expect(res.status, res.text).to.be.oneOf([200, 201]);
  };

  it('starts with speech permission only, announces to the floor, and lets people join as audience or speaker', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 1);
    const admin = await on(world.teams.adminA, 10);

    // a member without the speech or subhost permission cannot start one
    expect((await refused(call(member, 'presentation:start', {})))[0]).to.equal('PRESENTATION_NO_PERMISSION');
    expect((await view(member)).presentation).to.equal(null);

    const announced = next(member, 'presentation:changed');
    const started = await ok(call<PresentationDto>(host, 'presentation:start', { isPrivateRoom: false }));
    expect(started.host.id).to.equal(world.teams.ownerA.user.id);
    expect(started.roomId).to.equal(world.room(7).id);
    expect(started.members).to.deep.equal([
      {
        userId: world.teams.ownerA.user.id,
        name: started.host.name,
        role: 'S',
        requested: null,
        called: false,
        maySpeak: true,
      },
    ]);
    expect((await announced).presentation?.id).to.equal(started.id);
    // one at a time
    expect((await refused(call(admin, 'presentation:start', {})))[0]).to.equal('PRESENTATION_NO_PERMISSION');
    expect((await refused(call(host, 'presentation:start', {})))[0]).to.equal('PRESENTATION_ALREADY_RUNNING');

    // audience: anyone on the floor; speaker: speech or subhost only
    const joined = await ok(call<PresentationDto>(member, 'presentation:join', { role: 'A' }));
    expect(joined.members.map((m) => [m.userId, m.role])).to.deep.include([world.teams.memberA.user.id, 'A']);
    expect((await refused(call(member, 'presentation:join', { role: 'S' })))[0]).to.equal('PRESENTATION_NO_PERMISSION');
    expect(
      (await view(host)).presentation?.members.find((m) => m.userId === world.teams.memberA.user.id)?.role,
    ).to.equal('A');
    await speechForAdmin();
    const asSpeaker = await ok(call<PresentationDto>(admin, 'presentation:join', { role: 'S' }));
    expect(asSpeaker.members.find((m) => m.userId === world.teams.adminA.user.id)?.role).to.equal('S');

    // leaving takes the member out; everyone is told
    const told = next(host, 'presentation:changed');
    expect(await ok(call(member, 'presentation:leave', { leave: true }))).to.equal(null);
    const after = (await told).presentation!;
    expect(after.members.map((m) => m.userId)).to.not.include(world.teams.memberA.user.id);
  });

  it('keeps a Q&A list sorted by score, one vote per person (changeable), hidden questions left out', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    const admin = await on(world.teams.adminA, 9);
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(call(admin, 'presentation:join', { role: 'A' }));

    const first = await ask(member, 'What is the roadmap for next quarter?');
    expect(first).to.include({ score: 0, voted: 0, hidden: false, authorId: world.teams.memberA.user.id });
    const pushed = next(host, 'presentation:questions');
    const second = await ask(admin, 'When is the next all-hands?');
    expect((await pushed).questions.map((q) => q.id)).to.deep.equal([first.id, second.id]);

    // an up vote moves the second question first, live for everyone
    const reordered = next(member, 'presentation:questions');
    expect(await ok(vote(host, second.id, true))).to.include({ id: second.id, score: 1, voted: 1 });
    expect((await reordered).questions.map((q) => [q.id, q.score])).to.deep.equal([
      [second.id, 1],
      [first.id, 0],
    ]);
    // the same vote again changes nothing; a changed vote replaces, never adds
    expect(await ok(vote(host, second.id, true))).to.include({ score: 1, voted: 1 });
    expect(await ok(vote(host, second.id, false))).to.include({ score: -1, voted: -1 });
    expect(await ok(vote(member, second.id, false))).to.include({ score: -2, voted: -1 });
    expect(await world.server.models.StageVote.count({ where: { questionId: second.id } })).to.equal(2);
    const mine = await view(member);
    expect(mine.questions.map((q) => [q.id, q.score, q.voted])).to.deep.equal([
      [first.id, 0, 0],
      [second.id, -2, -1],
    ]);

    // only the host pins and marks answered: pinned first, answered last, whatever the scores; live for everyone
    const third = await ask(member, 'Can we get the slides?');
    expect((await refused(call(member, 'presentation:mark', { id: third.id, pinned: true })))[0]).to.equal(
      'PRESENTATION_NOT_HOST',
    );
    expect((await refused(call(host, 'presentation:mark', { id: third.id })))[0]).to.equal('VALIDATION_FAILED');
    await ok(call(host, 'presentation:mark', { id: third.id, pinned: true }));
    // (the pin's own push may land after its ack: the one with the first question answered is the answer's)
    const marked = nextWhere(member, 'presentation:questions', (e) =>
      e.questions.some((q) => q.id === first.id && q.answered),
    );
    await ok(call(host, 'presentation:mark', { id: first.id, answered: true }));
    expect((await marked).questions.map((q) => [q.id, q.pinned, q.answered])).to.deep.equal([
      [third.id, true, false],
      [second.id, false, false],
      [first.id, false, true],
    ]);
    await ok(call(host, 'presentation:mark', { id: third.id, pinned: false }));
    await ok(call(host, 'presentation:hide', { id: third.id }));

    // only the host hides; a hidden question is not listed and cannot be voted on
    expect((await refused(call(member, 'presentation:hide', { id: first.id })))[0]).to.equal('PRESENTATION_NOT_HOST');
    const hidden = next(admin, 'presentation:questions');
    expect(await ok(call(host, 'presentation:hide', { id: first.id }))).to.equal(null);
    expect((await hidden).questions.map((q) => q.id)).to.deep.equal([second.id]);
    expect((await view(member)).questions.map((q) => q.id)).to.deep.equal([second.id]);
    expect((await refused(vote(admin, first.id, true)))[0]).to.equal('QA_QUESTION_NOT_FOUND');
    expect(await world.server.models.StageVote.count({ where: { questionId: first.id } })).to.equal(0);
    // an empty question is refused
    expect((await refused(call(member, 'presentation:ask', { text: '   ' })))[0]).to.equal('VALIDATION_FAILED');
  });

  it("refuses another company's user: no join of the floor's presentation, no vote or hide on its questions", async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    await ok(call(host, 'presentation:start', {}));
    const question = await ask(member, 'Is the office open on Friday?');
    await ok(vote(member, question.id, true));

    // a user of team B on no floor of team A: the floor refuses them and so does the stage
    const outsider = await world.connect(world.teams.memberB);
    expect((await refused(call(outsider, 'floor:joinOffice', { floorId: world.floorId })))[0]).to.equal(
      'FLOOR_NOT_FOUND',
    );
    expect((await refused(call(outsider, 'presentation:join', { role: 'A' })))[0]).to.equal('FLOOR_NOT_JOINED');
    expect((await refused(vote(outsider, question.id, false)))[0]).to.equal('FLOOR_NOT_JOINED');

    // team B's owner, presenting on their own floor, cannot reach team A's question by its id
    const floorB = await world.newFloor(world.teams.ownerB);
    const ownerB = await on(world.teams.ownerB, 9, floorB);
    await ok(call(ownerB, 'presentation:start', {}));
    expect((await refused(vote(ownerB, question.id, false)))[0]).to.equal('QA_QUESTION_NOT_FOUND');
    expect((await refused(call(ownerB, 'presentation:hide', { id: question.id })))[0]).to.equal(
      'QA_QUESTION_NOT_FOUND',
    );
    expect((await refused(call(ownerB, 'presentation:mark', { id: question.id, pinned: true })))[0]).to.equal(
      'QA_QUESTION_NOT_FOUND',
    );
    expect((await view(ownerB)).questions).to.deep.equal([]);
    // nothing changed on team A's floor
    const list = (await view(member)).questions;
    expect(list.map((q) => [q.id, q.score, q.hidden, q.pinned])).to.deep.equal([[question.id, 1, false, false]]);
  });

  it('ends by its host only: cleared for everyone, questions kept with the presentation', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    const started = await ok(call<PresentationDto>(host, 'presentation:start', { isPrivateRoom: true }));
    expect(started.isPrivateRoom).to.equal(true);
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ask(member, 'Will the slides be shared?');

    expect((await refused(call(member, 'presentation:stop', {})))[0]).to.equal('PRESENTATION_NOT_HOST');
    const ended = next(member, 'presentation:changed');
    expect(await ok(call(host, 'presentation:stop', {}))).to.equal(null);
    expect(await ended).to.deep.equal({ floorId: world.floorId, presentation: null });
    expect(await view(member)).to.deep.equal({ presentation: null, questions: [] });
    expect((await refused(call(member, 'presentation:join', { role: 'A' })))[0]).to.equal('PRESENTATION_NOT_RUNNING');
    expect((await refused(call(member, 'presentation:ask', { text: 'late' })))[0]).to.equal('PRESENTATION_NOT_RUNNING');

    const row = await world.server.models.StagePresentation.findByPk(started.id);
    expect(row?.runningFloorId).to.equal(null);
    expect(row?.endedAt).to.be.instanceOf(Date);
    expect(await world.server.models.StageQuestion.count({ where: { presentationId: started.id } })).to.equal(1);
    expect(await world.server.models.StageMember.count({ where: { presentationId: started.id } })).to.equal(0);
    // a new one can start afterwards, with an empty Q&A
    await ok(call(host, 'presentation:start', {}));
    expect((await view(member)).questions).to.deep.equal([]);
  });

  it('lets its host remove someone; the audience cannot', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    const admin = await on(world.teams.adminA, 9);
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    await ok(call(admin, 'presentation:join', { role: 'A' }));
    const adminId = world.teams.adminA.user.id;
    const memberId = world.teams.memberA.user.id;
    expect((await refused(call(member, 'presentation:remove', { userId: adminId })))[0]).to.equal(
      'PRESENTATION_NOT_HOST',
    );
    // (the joins' own broadcasts may still be on their way: the removal's is the one without the admin)
    const told = nextWhere(
      admin,
      'presentation:changed',
      (e) => !e.presentation?.members.some((m) => m.userId === adminId),
    );
    const after = await ok(call<PresentationDto>(host, 'presentation:remove', { userId: adminId }));
    expect(after.members.map((m) => m.userId)).to.deep.equal([world.teams.ownerA.user.id, memberId]);
    expect((await told).presentation).to.not.equal(null);
    expect((await refused(call(host, 'presentation:remove', { userId: adminId })))[0]).to.equal('USER_NOT_ON_FLOOR');
  });

  it('takes someone who leaves the floor out of the presentation', async () => {
    const host = await on(world.teams.ownerA);
    const member = await on(world.teams.memberA, 9);
    await ok(call(host, 'presentation:start', {}));
    await ok(call(member, 'presentation:join', { role: 'A' }));
    const memberId = world.teams.memberA.user.id;
    // the join's own broadcast may land after its ack: the leave's is the first without the member
    const told = nextWhere(
      host,
      'presentation:changed',
      (e) => !e.presentation?.members.some((m) => m.userId === memberId),
      5000,
    );
    await ok(call(member, 'floor:leave', {}));
    expect((await told).presentation?.members.map((m) => m.userId)).to.deep.equal([world.teams.ownerA.user.id]);
  });
});
