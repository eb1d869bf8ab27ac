import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { PresentationDto, QaQuestionDto } from '@tsudoi/common';
import {
  presentationChanged,
  questionsChanged,
  stageInitialState,
  stageLoaded,
  stageReducer,
  voteAnswered,
  voteRequested,
} from './stage-slice';

const presentation = (id = 1): PresentationDto => ({
  id,
  floorId: 5,
  kind: 'presentation',
  status: 'running',
  host: { id: 10, name: 'Host' },
  roomId: 70,
  isPrivateRoom: false,
  saveChat: false,
  members: [{ userId: 10, name: 'Host', role: 'S', requested: null, called: false }],
  focused: null,
  showParticipants: false,
  startedAt: '2026-01-01T00:00:00.000Z',
});
const question = (id: number, score: number, voted = 0, marks: Partial<QaQuestionDto> = {}): QaQuestionDto => ({
  id,
  text: `q${id}`,
  authorId: 11,
  authorName: 'Mia',
  score,
  voted,
  hidden: false,
  answered: false,
  pinned: false,
  createdAt: `2026-01-01T00:00:0${id}.000Z`,
  ...marks,
});

describe('stage slice', () => {
  const loaded = stageReducer(
    stageInitialState,
    stageLoaded({ presentation: presentation(), questions: [question(1, 2, 1), question(2, 1)] }),
  );

  it('keeps my votes from the load and applies a vote locally first, re-sorting by score', () => {
    expect(loaded.votes).to.deep.equal({ 1: 1 });
    // down on question 1 (was up): 2 → 0, below question 2
    const changed = stageReducer(loaded, voteRequested({ id: 1, up: false }));
    expect(changed.questions.map((q) => [q.id, q.score])).to.deep.equal([
      [2, 1],
      [1, 0],
    ]);
    expect(changed.votes[1]).to.equal(-1);
    // the same vote again changes nothing
    const again = stageReducer(changed, voteRequested({ id: 1, up: false }));
    expect(again.questions.find((q) => q.id === 1)?.score).to.equal(0);
    expect(stageReducer(again, voteAnswered(question(1, 0, -1))).votes[1]).to.equal(-1);
  });

  it('keeps a pinned question first and an answered one last, whatever a vote does to their scores', () => {
    const marked = stageReducer(
      stageInitialState,
      stageLoaded({
        presentation: presentation(),
        questions: [question(1, 5, 0, { answered: true }), question(2, 0), question(3, -1, 0, { pinned: true })],
      }),
    );
    const voted = stageReducer(marked, voteRequested({ id: 2, up: true }));
    expect(voted.questions.map((q) => q.id)).to.deep.equal([3, 2, 1]);
  });

  it('takes the floor push as the list, keeps my votes, and ignores another presentation', () => {
    const pushed = stageReducer(loaded, questionsChanged({ presentationId: 1, questions: [question(2, 3)] }));
    expect(pushed.questions.map((q) => q.id)).to.deep.equal([2]);
    expect(pushed.votes).to.deep.equal({ 1: 1 });
    expect(stageReducer(loaded, questionsChanged({ presentationId: 9, questions: [] })).questions).to.have.length(2);
  });

  it('clears the Q&A when the presentation ends or another starts', () => {
    const ended = stageReducer(loaded, presentationChanged(null));
    expect(ended).to.include({ presentation: null });
    expect(ended.questions).to.deep.equal([]);
    expect(ended.votes).to.deep.equal({});
    const same = stageReducer(loaded, presentationChanged({ ...presentation(), members: [] }));
    expect(same.questions).to.have.length(2);
    expect(stageReducer(loaded, presentationChanged(presentation(2))).questions).to.deep.equal([]);
  });
});
