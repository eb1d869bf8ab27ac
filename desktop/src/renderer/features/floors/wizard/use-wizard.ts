import type { FloorDto } from '@tsudoi/common';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import {
  guestList,
  toCreateBody,
  toUpdateBody,
  WIZARD_STEPS,
  type DraftContext,
  type DraftErrors,
  type FloorDraft,
  type WizardMode,
  type WizardStep,
} from '../draft';
import { stepOfField, validateStep } from '../validate-draft';
import { fieldErrorCleared, floorSaveRequested, selectFloorForm, type FloorSave } from '../form-slice';
import { japanTime } from '../time';

export interface WizardSource {
  mode: WizardMode;
  /** The floor edited or copied. */
  floor: FloorDto | null;
  initial: FloorDraft;
}

/** The wizard's state: the draft, the step, the client's and the server's errors, the image, and saving. */
export function useWizard({ mode, floor, initial }: WizardSource) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const form = useAppSelector(selectFloorForm);
  const [draft, setDraft] = useState(initial);
  const [step, setStep] = useState<WizardStep>('basic');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);
  const imageUrl = useRef<string | null>(null);
  const [seenFields, setSeenFields] = useState(form.fields);
  const [submitted, setSubmitted] = useState(false);

  // A refused save: show the step of the first field the server named.
  if (form.fields !== seenFields) {
    setSeenFields(form.fields);
    const first = Object.keys(form.fields)[0];
    if (first) setStep(stepOfField(first));
  }

  const memberEmails = (form.employees ?? [])
    .filter((e) => draft.memberIds.includes(e.id) && !e.invited)
    .map((e) => e.email);
  const context = (): DraftContext => ({
    now: new Date(),
    mode,
    savedStart: mode === 'edit' ? japanTime(floor?.startAt) : null,
    selfEmail: user?.email ?? '',
    memberEmails,
    invitedEmails: (form.invited ?? []).map((p) => p.email).filter(Boolean),
  });

  useEffect(
    () => () => {
      if (imageUrl.current) URL.revokeObjectURL(imageUrl.current);
    },
    [],
  );

  /** A new floor image (already checked), with a preview URL that lives until the next pick. */
  function pickImage(file: File) {
    if (imageUrl.current) URL.revokeObjectURL(imageUrl.current);
    imageUrl.current = URL.createObjectURL(file);
    setImage({ file, url: imageUrl.current });
  }

  function update(patch: Partial<FloorDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    if (patch.startNow !== undefined || patch.timed !== undefined) touched.push('startAt', 'endAt');
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.includes(key))));
    for (const key of touched) if (form.fields[key]) dispatch(fieldErrorCleared(key));
  }

  /** Checks the steps before `target`; stops on the first with a problem. */
  function goTo(target: WizardStep) {
    const ctx = context();
    for (const candidate of WIZARD_STEPS.slice(0, WIZARD_STEPS.indexOf(target))) {
      const found = validateStep(candidate, draft, ctx);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(candidate);
        return;
      }
    }
    setErrors({});
    setStep(target);
  }

  function submit() {
    const ctx = context();
    const bad = WIZARD_STEPS.find((candidate) => Object.keys(validateStep(candidate, draft, ctx)).length > 0);
    if (bad) return goTo('confirm');
    const members = (form.employees ?? []).filter((e) => draft.memberIds.includes(e.id) && !e.invited);
    const participants = [
      ...members.map((e) => ({ email: e.email, name: e.name })),
      ...guestList(draft.guestEmails).map((email) => ({ email })),
    ];
    const save: FloorSave =
      mode === 'edit' && floor
        ? { mode, id: floor.id, body: toUpdateBody(draft, ctx.now) }
        : mode === 'duplicate' && floor
          ? { mode, sourceId: floor.id, body: toCreateBody(draft, ctx.now) }
          : { mode: 'create', body: toCreateBody(draft, ctx.now) };
    setSubmitted(true);
    dispatch(floorSaveRequested({ ...save, image: image?.file ?? null, participants }));
  }

  return {
    draft,
    step,
    errors,
    image,
    pickImage,
    update,
    goTo,
    submit,
    form,
    isEdit: mode === 'edit',
    /** The floor this wizard saved (a leftover of an earlier wizard does not count). */
    saved: submitted ? form.savedId : null,
  };
}
export type Wizard = ReturnType<typeof useWizard>;
