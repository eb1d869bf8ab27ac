import { expect } from 'chai';
import { describe, it } from 'mocha';
import {
  initialTutorial,
  rememberTutorialSeen,
  TUTORIAL_KEY,
  TUTORIAL_STEPS,
  tutorialReducer,
  type TutorialAction,
  type TutorialState,
} from './tutorial';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};
const run = (state: TutorialState, ...actions: TutorialAction[]) => actions.reduce(tutorialReducer, state);

describe('floor creation tutorial', () => {
  it('covers floor settings, date/time, floor plan and floor invite, in that order', () => {
    expect(TUTORIAL_STEPS.map((s) => s.id)).to.deep.equal(['settings', 'datetime', 'plan', 'invite']);
    expect(TUTORIAL_STEPS[2]!.targets).to.deep.equal(['[data-tour="floor-plan"]', '[data-tour-step="plan"]']);
  });

  it('opens by itself on the first creation only', () => {
    const storage = memory();
    expect(initialTutorial(storage, true)).to.deep.equal({ open: true, index: 0 });
    expect(initialTutorial(storage, false).open, 'edit or duplicate').to.equal(false);
    rememberTutorialSeen(storage);
    expect(storage.getItem(TUTORIAL_KEY)).to.equal('1');
    expect(initialTutorial(storage, true).open).to.equal(false);
    expect(initialTutorial(undefined, true).open).to.equal(false);
    const denied = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(initialTutorial(denied, true).open).to.equal(false);
  });

  it('steps forward and back within bounds, and closes after the last step', () => {
    const start = { open: true, index: 0 };
    expect(run(start, 'back')).to.deep.equal(start);
    expect(run(start, 'next', 'next')).to.deep.equal({ open: true, index: 2 });
    expect(run(start, 'next', 'next', 'back')).to.deep.equal({ open: true, index: 1 });
    expect(run(start, 'next', 'next', 'next')).to.deep.equal({ open: true, index: 3 });
    expect(run(start, 'next', 'next', 'next', 'next')).to.deep.equal({ open: false, index: 0 });
  });

  it('is skipped at any step, and opened again from the start by the guide button', () => {
    const skipped = run({ open: true, index: 2 }, 'skip');
    expect(skipped.open).to.equal(false);
    expect(run(skipped, 'reopen')).to.deep.equal({ open: true, index: 0 });
    expect(run({ open: true, index: 3 }, 'finish').open).to.equal(false);
  });
});
