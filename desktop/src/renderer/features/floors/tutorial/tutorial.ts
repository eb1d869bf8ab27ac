import type { MessageId } from '@tsudoi/common';

/**
 * The floor creation tutorial (product spec §2): coach marks over the
 * wizard for floor settings, date/time input, floor plan and floor invite.
 * Shown once on the first creation (remembered on this device), skippable,
 * and opened again from the wizard's guide button. The in-floor tutorial
 * (floor-tutorial.ts) is the same overlay over other steps.
 */
export interface TutorialStep {
  id: string;
  /**
   * Where to point, the first selector that matches wins (all its matches
   * make one spotlight): the fields on the current step, else the step's
   * tab in the stepper.
   */
  targets: readonly string[];
  title: MessageId;
  text: MessageId;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'settings',
    // The heading, the floor's name and its kind (timed or permanent): the top of the settings.
    targets: ['[data-tour="floor-settings"] > :nth-child(-n+3)', '[data-tour-step="basic"]'],
    title: 'floors.tutorial.settings.title',
    text: 'floors.tutorial.settings.text',
  },
  {
    id: 'datetime',
    targets: ['[data-tour="floor-datetime"]', '[data-tour-step="basic"]'],
    title: 'floors.tutorial.datetime.title',
    text: 'floors.tutorial.datetime.text',
  },
  {
    id: 'plan',
    targets: ['[data-tour="floor-plan"]', '[data-tour-step="plan"]'],
    title: 'floors.tutorial.plan.title',
    text: 'floors.tutorial.plan.text',
  },
  {
    id: 'invite',
    targets: ['[data-tour="floor-invite"]', '[data-tour-step="invite"]'],
    title: 'floors.tutorial.invite.title',
    text: 'floors.tutorial.invite.text',
  },
];

/**
 * The wizard's guide seen, on this device. (The key's name predates the
 * in-floor tutorial, which keeps the spec's skipHostGuide on the server.)
 */
export const TUTORIAL_KEY = 'tsudoi:skipHostGuide';

export interface TutorialStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface TutorialState {
  open: boolean;
  index: number;
}

export type TutorialAction = 'next' | 'back' | 'skip' | 'finish' | 'reopen';

/** Opens by itself on the first creation only (never in edit or duplicate, never once skipped or finished). */
export function initialTutorial(storage: TutorialStorage | undefined, firstCreation: boolean): TutorialState {
  let seen = false;
  try {
    seen = storage?.getItem(TUTORIAL_KEY) === '1';
  } catch {
    seen = true; // storage denied: do not nag on every visit
  }
  return { open: firstCreation && !seen && storage !== undefined, index: 0 };
}

/** The steps' reducer for a tour of `count` steps. */
export function makeTutorialReducer(count: number) {
  return (state: TutorialState, action: TutorialAction): TutorialState => {
    const last = count - 1;
    switch (action) {
      case 'next':
        return state.index >= last ? { open: false, index: 0 } : { ...state, index: state.index + 1 };
      case 'back':
        return { ...state, index: Math.max(0, state.index - 1) };
      case 'skip':
      case 'finish':
        return { open: false, index: 0 };
      case 'reopen':
        return { open: true, index: 0 };
    }
  };
}

/** The wizard's reducer. */
export const tutorialReducer = makeTutorialReducer(TUTORIAL_STEPS.length);

/** Once skipped or finished, it does not open by itself again. */
export function rememberTutorialSeen(storage: TutorialStorage | undefined): void {
  try {
    storage?.setItem(TUTORIAL_KEY, '1');
  } catch {
    // Storage full or denied: it may show once more next time.
  }
}
