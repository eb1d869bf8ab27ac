import {
  FLOOR_TYPES,
  truncateToMinute,
  type FloorCreateBody,
  type FloorDto,
  type FloorPrivacy,
  type FloorUpdateBody,
  type MessageId,
} from '@tsudoi/common';
import { japanTime, toJapanInput } from './time';

/** The creation steps of spec §2, in order. */
export const WIZARD_STEPS = ['basic', 'detail', 'plan', 'invite', 'confirm'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export type WizardMode = 'create' | 'edit' | 'duplicate';

/** What the wizard's inputs hold; times are datetime-local values read as Japan time. */
export interface FloorDraft {
  title: string;
  timed: boolean;
  startNow: boolean;
  startAt: string;
  endAt: string;
  privacy: FloorPrivacy;
  usePassword: boolean;
  password: string;
  /** Editing a floor that has a password: an empty field keeps it. */
  hasSavedPassword: boolean;
  catchcopy: string;
  catchphrase: string;
  description: string;
  floorPlanId: string | null;
  /** Guest e-mails as typed: one per line, or separated by commas or spaces. */
  guestEmails: string;
  memberIds: number[];
}

export type DraftField =
  | 'title'
  | 'startAt'
  | 'endAt'
  | 'password'
  | 'catchcopy'
  | 'catchphrase'
  | 'description'
  | 'floorPlanId'
  | 'guestEmails';
export interface FieldProblem {
  id: MessageId;
  values?: Record<string, string | number>;
}
export type DraftErrors = Partial<Record<DraftField, FieldProblem>>;

export interface DraftContext {
  now: Date;
  mode: WizardMode;
  /** The saved start of the floor being edited (spec §5: the new start may not be earlier). */
  savedStart: Date | null;
  /** The signed-in user's e-mail (a host cannot invite themselves). */
  selfEmail: string;
  /** E-mails of the team members ticked in the invite step. */
  memberEmails: readonly string[];
  /** Edit: e-mails of the people invited already (inviting them again is refused). */
  invitedEmails?: readonly string[];
}

export function emptyDraft(): FloorDraft {
  return {
    title: '',
    timed: true,
    startNow: false,
    startAt: '',
    endAt: '',
    privacy: 'private',
    usePassword: false,
    password: '',
    hasSavedPassword: false,
    catchcopy: '',
    catchphrase: '',
    description: '',
    floorPlanId: null,
    guestEmails: '',
    memberIds: [],
  };
}

/** The wizard prefilled from a floor: its own values to edit, or a copy's starting point. */
export function draftFromFloor(floor: FloorDto, mode: 'edit' | 'duplicate'): FloorDraft {
  const time = (value: string | null) => {
    const date = japanTime(value);
    return date ? toJapanInput(date) : '';
  };
  return {
    ...emptyDraft(),
    title: floor.title,
    timed: floor.type === FLOOR_TYPES.WITH_TIME,
    startAt: time(floor.startAt),
    endAt: time(floor.endAt),
    privacy: floor.privacy,
    // A copy never learns the source's password (answers only say hasPassword): it asks for a new one.
    usePassword: floor.hasPassword,
    hasSavedPassword: mode === 'edit' && floor.hasPassword,
    catchcopy: floor.catchcopy ?? '',
    catchphrase: floor.catchphrase ?? '',
    description: floor.description ?? '',
    floorPlanId: floor.floorPlanId,
  };
}

/** Characters left of a text limit; negative once over (shown in red, refused by validation). */
export const remaining = (value: string, max: number): number => max - value.trim().length;

/** Guest addresses as typed: split on line breaks, commas, semicolons and spaces, lower case. */
export function guestList(text: string): string[] {
  return text
    .split(/[\s,;、，]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

/** The start the floor gets: this minute for "start now", else the typed Japan time. */
export function startOf(draft: FloorDraft, now: Date): Date | null {
  return draft.startNow ? truncateToMinute(now) : japanTime(draft.startAt);
}

/** POST /floors (and /floors/duplicate) body. */
export function toCreateBody(draft: FloorDraft, now: Date): FloorCreateBody {
  const start = startOf(draft, now);
  return {
    title: draft.title.trim(),
    catchcopy: draft.catchcopy.trim(),
    catchphrase: draft.catchphrase.trim() || null,
    description: draft.description.trim() || null,
    type: draft.timed ? FLOOR_TYPES.WITH_TIME : FLOOR_TYPES.PERMANENT,
    privacy: draft.privacy,
    password: draft.usePassword ? draft.password : null,
    startAt: draft.timed && start ? toJapanInput(start) : null,
    endAt: draft.timed ? draft.endAt : null,
    floorPlanId: draft.floorPlanId,
  };
}

/** PATCH /floors/{id} body: an empty password field keeps the saved one; switching it off removes it. */
export function toUpdateBody(draft: FloorDraft, now: Date): FloorUpdateBody {
  const { password, ...rest } = toCreateBody(draft, now);
  if (!draft.usePassword) return { ...rest, password: null };
  return password ? { ...rest, password } : rest;
}
