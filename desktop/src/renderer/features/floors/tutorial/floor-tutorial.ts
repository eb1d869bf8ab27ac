import type { MessageId } from '@tsudoi/common';
import type { TutorialStep } from './tutorial';

/**
 * The in-floor tutorial (product spec §2 "floor tutorial targets"): rooms
 * 20 (the visitor room), 21, 18 (a meeting room) and 3 (the break room),
 * the meeting schedule, today's activities, the present button, the
 * attendance button and the attendance schedule. Shown by itself once, to
 * a host on their first live floor; skipping or finishing sets the spec's
 * skipHostGuide on the server (no other device shows it again); the floor's
 * help button opens it again. A step whose target is not on the page (a
 * narrow window, a floor without a presentation right) is left out.
 */
const step = (id: string, targets: string[]): TutorialStep => ({
  id,
  targets,
  title: `floors.guide.${id}.title` as MessageId,
  text: `floors.guide.${id}.text` as MessageId,
});

export const FLOOR_TUTORIAL_STEPS: readonly TutorialStep[] = [
  step('room20', ['[data-room="20"]']),
  step('room21', ['[data-room="21"]']),
  step('room18', ['[data-room="18"]']),
  step('room3', ['[data-room="3"]']),
  step('meetingSchedule', ['[data-tutorial="meeting-schedule"]']),
  step('activitySchedule', ['[data-tutorial="activity-schedule"]']),
  step('present', ['[data-tutorial="present"]']),
  step('attendance', ['[data-tutorial="attendance"]']),
  step('attendanceSchedule', ['[data-tutorial="attendance-schedule"]']),
];

/** The steps whose target is on the page now (`shown` answers whether a selector matches something visible). */
export function presentSteps(
  steps: readonly TutorialStep[],
  shown: (selector: string) => boolean,
): readonly TutorialStep[] {
  return steps.filter((s) => s.targets.some(shown));
}

/** Opens by itself for a host (or subhost) who has not skipped or finished it, once the floor is on screen. */
export function opensByItself(who: { skipHostGuide: boolean } | null, canManage: boolean, ready: boolean): boolean {
  return ready && canManage && who !== null && !who.skipHostGuide;
}

export const FLOOR_GUIDE_LABEL: MessageId = 'floors.guide.label';
