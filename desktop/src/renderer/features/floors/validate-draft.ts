import {
  FLOOR_CATCHCOPY_MAX,
  FLOOR_CATCHPHRASE_MAX,
  FLOOR_DESCRIPTION_MAX,
  FLOOR_PASSWORD_MAX,
  FLOOR_PASSWORD_MIN,
  FLOOR_TITLE_MAX,
  inviteEmailSchema,
  truncateToMinute,
  type MessageId,
} from '@tsudoi/common';
import { guestList, startOf, type DraftContext, type DraftErrors, type FloorDraft, type WizardStep } from './draft';
import { japanTime, toJapanInput } from './time';

/* The wizard's client checks (spec §5), mirroring the server's; the server checks everything again. */

function checkTimes(draft: FloorDraft, ctx: DraftContext, errors: DraftErrors) {
  if (!draft.timed) return;
  const start = startOf(draft, ctx.now);
  const end = japanTime(draft.endAt);
  if (!draft.startNow && !draft.startAt) errors.startAt = { id: 'validation.startRequired' };
  else if (!start) errors.startAt = { id: 'validation.invalidTime' };
  if (!draft.endAt) errors.endAt = { id: 'validation.endRequired' };
  else if (!end) errors.endAt = { id: 'validation.invalidTime' };
  if (!start || !end) return;
  if (start.getTime() >= end.getTime()) errors.endAt = { id: 'validation.startAfterEnd' };
  if (ctx.savedStart) {
    if (start.getTime() < ctx.savedStart.getTime()) {
      const saved = toJapanInput(ctx.savedStart).replace('T', ' ');
      errors.startAt = { id: 'validation.startBeforeSaved', values: { start: saved } };
    }
  } else if (start.getTime() < truncateToMinute(ctx.now).getTime()) {
    errors.startAt = { id: 'validation.startInPast' };
  }
}

function checkGuests(draft: FloorDraft, ctx: DraftContext, errors: DraftErrors) {
  const seen = new Set(ctx.memberEmails.map((email) => email.toLowerCase()));
  const invited = new Set((ctx.invitedEmails ?? []).map((email) => email.toLowerCase()));
  for (const email of guestList(draft.guestEmails)) {
    const problem: MessageId | null = !inviteEmailSchema.safeParse(email).success
      ? 'floors.invite.invalidEmail'
      : email === ctx.selfEmail.toLowerCase()
        ? 'validation.selfInvite'
        : invited.has(email)
          ? 'validation.alreadyInvited'
          : seen.has(email)
            ? 'validation.duplicateEmail'
            : null;
    seen.add(email);
    if (problem) {
      errors.guestEmails = { id: problem, values: { email } };
      return;
    }
  }
}

/** Client checks of one step (spec §5); the server checks everything again. */
export function validateStep(step: WizardStep, draft: FloorDraft, ctx: DraftContext): DraftErrors {
  const errors: DraftErrors = {};
  const length = (value: string) => value.trim().length;
  if (step === 'basic') {
    if (!length(draft.title)) errors.title = { id: 'validation.floorTitleRequired' };
    else if (length(draft.title) > FLOOR_TITLE_MAX) errors.title = { id: 'validation.floorTitleTooLong' };
    checkTimes(draft, ctx, errors);
    const keepsSaved = draft.hasSavedPassword && draft.password === '';
    const size = draft.password.length;
    if (draft.usePassword && !keepsSaved && (size < FLOOR_PASSWORD_MIN || size > FLOOR_PASSWORD_MAX))
      errors.password = { id: 'validation.floorPasswordLength' };
  }
  if (step === 'detail') {
    if (!length(draft.catchcopy)) errors.catchcopy = { id: 'validation.floorDetailRequired' };
    else if (length(draft.catchcopy) > FLOOR_CATCHCOPY_MAX) errors.catchcopy = { id: 'validation.catchcopyTooLong' };
    if (length(draft.catchphrase) > FLOOR_CATCHPHRASE_MAX) errors.catchphrase = { id: 'validation.catchphraseTooLong' };
    if (length(draft.description) > FLOOR_DESCRIPTION_MAX) errors.description = { id: 'validation.descriptionTooLong' };
  }
  if (step === 'plan' && !draft.floorPlanId) errors.floorPlanId = { id: 'validation.floorPlanRequired' };
  if (step === 'invite') checkGuests(draft, ctx, errors);
  return errors;
}

/** The step that shows a field, for placing the server's field errors (`participants.*` is the invite step). */
export function stepOfField(field: string): WizardStep {
  if (['catchcopy', 'catchphrase', 'description'].includes(field)) return 'detail';
  if (field === 'floorPlanId') return 'plan';
  if (field.startsWith('participants')) return 'invite';
  return 'basic';
}
