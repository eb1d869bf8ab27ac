import { expect } from 'chai';
import { describe, it } from 'mocha';
import { MESSAGES } from '@tsudoi/common';
import { FLOOR_TUTORIAL_STEPS, opensByItself, presentSteps } from './floor-tutorial';
import { makeTutorialReducer } from './tutorial';

describe('in-floor tutorial', () => {
  it("points at the spec's targets, in its order, each explained in ja and en", () => {
    expect(FLOOR_TUTORIAL_STEPS.map((s) => s.targets[0])).to.deep.equal([
      '[data-room="20"]',
      '[data-room="21"]',
      '[data-room="18"]',
      '[data-room="3"]',
      '[data-tutorial="meeting-schedule"]',
      '[data-tutorial="activity-schedule"]',
      '[data-tutorial="present"]',
      '[data-tutorial="attendance"]',
      '[data-tutorial="attendance-schedule"]',
    ]);
    for (const step of FLOOR_TUTORIAL_STEPS)
      for (const locale of ['ja', 'en'] as const) {
        expect(MESSAGES[locale][step.title], `${locale} ${step.title}`).to.be.a('string').and.not.equal('');
        expect(MESSAGES[locale][step.text], `${locale} ${step.text}`).to.be.a('string').and.not.equal('');
      }
  });

  it('leaves out the steps whose target is not on the page', () => {
    const onPhone = new Set(['[data-room="20"]', '[data-room="3"]', '[data-tutorial="attendance"]']);
    expect(presentSteps(FLOOR_TUTORIAL_STEPS, (s) => onPhone.has(s)).map((s) => s.id)).to.deep.equal([
      'room20',
      'room3',
      'attendance',
    ]);
    expect(presentSteps(FLOOR_TUTORIAL_STEPS, () => false)).to.deep.equal([]);
  });

  it('opens by itself only for a host whose skipHostGuide is off, once the floor is on screen', () => {
    expect(opensByItself({ skipHostGuide: false }, true, true)).to.equal(true);
    expect(opensByItself({ skipHostGuide: true }, true, true), 'skipped on another device').to.equal(false);
    expect(opensByItself({ skipHostGuide: false }, false, true), 'not a host').to.equal(false);
    expect(opensByItself({ skipHostGuide: false }, true, false), 'not joined yet').to.equal(false);
    expect(opensByItself(null, true, true), 'no account').to.equal(false);
  });

  it('steps through as many steps as are shown, and closes after the last', () => {
    const three = makeTutorialReducer(3);
    const start = { open: true, index: 0 };
    expect(three(three(start, 'next'), 'next')).to.deep.equal({ open: true, index: 2 });
    expect(three(three(three(start, 'next'), 'next'), 'next')).to.deep.equal({ open: false, index: 0 });
    expect(three(start, 'skip').open).to.equal(false);
  });
});
