import { z } from 'zod';
import { safeMultilineText } from '../safe-text';
import type { AckCallback } from './ack';

/**
 * presentation:* — a presentation on the floor's stage with its Q&A (spec
 * §3 Active floor state, Q&A question; §4 Presentation, Q&A; §7.13).
 *
 * - `presentation:start` — someone with the speech or subhost permission (or
 *   the floor's host) starts the floor's one presentation; everyone on the
 *   floor gets `presentation:changed` (the announcement, joined with one click).
 * - `presentation:join` — as audience (A) or speaker (S, needs speech or
 *   subhost); the answer names the stage room the client then moves into.
 * - `presentation:leave` — leaves it (the client goes back to the floor).
 * - `presentation:stop` — the presentation's host (or a host or subhost of the
 *   floor) ends it: status, host, presenter and private flag are cleared and
 *   everyone is told with `presentation:changed` (null).
 * - `presentation:get` — the running presentation and its questions, with my votes.
 * - Q&A: `presentation:ask` {text}, `presentation:vote` {id, up} (one vote per
 *   person, changeable), `presentation:hide` {id} (host). Every change sends
 *   `presentation:questions` to the floor: sorted by score descending, hidden
 *   ones left out.
 * - `presentation:remove` {userId} — its host (or a floor host or subhost)
 *   takes someone out of it: the server moves them off the stage (back to the
 *   room they came from, else the entrance) and tells them with
 *   `presentation:removed`.
 * - `presentation:view` {focused?, showParticipants?} — its host (or a floor
 *   host or subhost) shows one speaker's camera or screen large for everyone
 *   (null: each client picks) and opens the participant list for everyone;
 *   the state rides in `presentation:changed`.
 * - `presentation:changed` carries the requests (role W, `requested`,
 *   `called`) only to those who answer them (its host, the floor's hosts and
 *   subhosts) and to each requester about their own; everyone else sees the
 *   speakers and the audience.
 * - Waiting room (issue 15, part 2): joining a private presentation puts
 *   the caller in its waiting room (role W, `requested` the role asked for)
 *   until the host admits them. `presentation:request` — an audience member
 *   with the speech or subhost permission asks to speak (`requested` 'S').
 *   `presentation:admit` / `presentation:deny` {userId} — the host (or a floor
 *   host or subhost) answers a request; `presentation:call` {userId} — calls
 *   someone on the floor (with speech or subhost) to join as speaker: they
 *   join with `presentation:join` {role: 'S'} or decline with
 *   `presentation:deny` naming themselves.
 */
const id = z.number().int().positive();

export const PRESENTATION_ROLES = ['S', 'A'] as const;
export type PresentationRole = (typeof PRESENTATION_ROLES)[number];
/** A member's role: speaker, audience, or waiting outside a private presentation (spec §3 S/A/W). */
export const PRESENTATION_MEMBER_ROLES = ['S', 'A', 'W'] as const;
export type PresentationMemberRole = (typeof PRESENTATION_MEMBER_ROLES)[number];
export const QA_QUESTION_MAX = 500;

export const presentationStartSchema = z.object({
  isPrivateRoom: z.boolean().default(false),
  saveChat: z.boolean().default(false),
});
/**
 * conference:* — the all-hands mode (spec §4 Conference): the same stage,
 * members, Q&A and waiting-room calls as a presentation, started by someone
 * with the conference permission (or a host or subhost of the floor), and
 * joined and left with `conference:join` / `conference:leave`. Its state comes
 * in `presentation:changed` with `kind: 'conference'`.
 */
export const conferenceStartSchema = z.object({ saveChat: z.boolean().default(false) });
export const STAGE_KINDS = ['presentation', 'conference'] as const;
export type StageKindName = (typeof STAGE_KINDS)[number];
export const presentationJoinSchema = z.object({ role: z.enum(PRESENTATION_ROLES) });
export const presentationEmptySchema = z.object({}).optional();
export const presentationLeaveSchema = z.object({ leave: z.boolean().default(true) }).optional();
export const qaAskSchema = z.object({
  text: safeMultilineText({ max: QA_QUESTION_MAX, required: 'qaQuestionRequired', tooLong: 'qaQuestionTooLong' }),
});
export const qaVoteSchema = z.object({ id, up: z.boolean() });
export const qaHideSchema = z.object({ id });
/** presentation:mark — the host marks a question answered or pinned (a field left out stays as it is). */
export const qaMarkSchema = z
  .object({ id, answered: z.boolean().optional(), pinned: z.boolean().optional() })
  .refine((m) => m.answered !== undefined || m.pinned !== undefined, { message: 'answered or pinned' });
export const presentationRemoveSchema = z.object({ userId: id });
export const STAGE_SOURCES = ['camera', 'screen'] as const;
const focusedSchema = z.object({ userId: id, source: z.enum(STAGE_SOURCES) });
/** presentation:view — what the host shows everyone; a field left out stays as it is. */
export const presentationViewSettingsSchema = z.object({
  focused: focusedSchema.nullable().optional(),
  showParticipants: z.boolean().optional(),
});
export const presentationUserSchema = z.object({ userId: id });

export interface PresentationMemberDto {
  userId: number;
  name: string;
  role: PresentationMemberRole;
  /** The role asked for and not yet answered by the host (null: no request). */
  requested: PresentationRole | null;
  /** The host called them to join as speaker. */
  called: boolean;
  /**
   * They may speak here (a speaker, or the speech permission; the conference permission for a conference):
   * shown to those who manage it, so "invite to speak" is offered only where it can succeed.
   */
  maySpeak?: boolean;
}

export interface PresentationDto {
  id: number;
  floorId: number;
  /** A presentation, or a conference (the all-hands mode). */
  kind: StageKindName;
  status: 'running';
  host: { id: number; name: string };
  /** The stage room the presentation happens in. */
  roomId: number;
  isPrivateRoom: boolean;
  saveChat: boolean;
  members: PresentationMemberDto[];
  /**
   * The speaker's camera or screen the host shows large for everyone (spec §3
   * presentationFocusedContributorId); null: each client picks (a screen, the
   * one talking, a camera on). Only ever one of its current speakers.
   */
  focused: { userId: number; source: (typeof STAGE_SOURCES)[number] } | null;
  /** The host opened the participant list for everyone (spec §3 showParticipantDialogInPresentation). */
  showParticipants: boolean;
  startedAt: string;
}

/** A Q&A question (spec §3): `voted` is the reader's own vote (1 up, -1 down, 0 none). */
export interface QaQuestionDto {
  id: number;
  text: string;
  authorId: number;
  authorName: string;
  score: number;
  voted: number;
  hidden: boolean;
  /** The host marked it answered (listed after the open ones). */
  answered: boolean;
  /** The host pinned it (listed first). */
  pinned: boolean;
  createdAt: string;
}

/** The Q&A list's order, the same on the server and in the apps: pinned first, answered last, then by score, oldest first. */
export const byQaOrder = (a: QaQuestionDto, b: QaQuestionDto): number =>
  Number(b.pinned) - Number(a.pinned) ||
  Number(a.answered) - Number(b.answered) ||
  b.score - a.score ||
  a.createdAt.localeCompare(b.createdAt) ||
  a.id - b.id;

export interface PresentationView {
  presentation: PresentationDto | null;
  questions: QaQuestionDto[];
}

export interface PresentationClientEvents {
  'presentation:start': (payload: z.input<typeof presentationStartSchema>, ack: AckCallback<PresentationDto>) => void;
  'presentation:join': (payload: z.infer<typeof presentationJoinSchema>, ack: AckCallback<PresentationDto>) => void;
  'presentation:leave': (payload: z.input<typeof presentationLeaveSchema>, ack: AckCallback<null>) => void;
  'presentation:stop': (payload: z.infer<typeof presentationEmptySchema>, ack: AckCallback<null>) => void;
  'presentation:get': (payload: z.infer<typeof presentationEmptySchema>, ack: AckCallback<PresentationView>) => void;
  'presentation:ask': (payload: z.infer<typeof qaAskSchema>, ack: AckCallback<QaQuestionDto>) => void;
  'presentation:vote': (payload: z.infer<typeof qaVoteSchema>, ack: AckCallback<QaQuestionDto>) => void;
  'presentation:hide': (payload: z.infer<typeof qaHideSchema>, ack: AckCallback<null>) => void;
  'presentation:mark': (payload: z.infer<typeof qaMarkSchema>, ack: AckCallback<null>) => void;
  'presentation:remove': (payload: z.infer<typeof presentationRemoveSchema>, ack: AckCallback<PresentationDto>) => void;
  /** Its host (or a floor host or subhost) sends a speaker back to the audience: they stay, their stage media stops. */
  'presentation:demote': (payload: z.infer<typeof presentationRemoveSchema>, ack: AckCallback<PresentationDto>) => void;
  'presentation:view': (
    payload: z.infer<typeof presentationViewSettingsSchema>,
    ack: AckCallback<PresentationDto>,
  ) => void;
  'presentation:request': (payload: z.infer<typeof presentationEmptySchema>, ack: AckCallback<PresentationDto>) => void;
  'presentation:admit': (payload: z.infer<typeof presentationUserSchema>, ack: AckCallback<PresentationDto>) => void;
  'presentation:deny': (payload: z.infer<typeof presentationUserSchema>, ack: AckCallback<PresentationDto>) => void;
  'presentation:call': (payload: z.infer<typeof presentationUserSchema>, ack: AckCallback<PresentationDto>) => void;
  'conference:start': (payload: z.input<typeof conferenceStartSchema>, ack: AckCallback<PresentationDto>) => void;
  'conference:join': (payload: z.infer<typeof presentationJoinSchema>, ack: AckCallback<PresentationDto>) => void;
  'conference:leave': (payload: z.input<typeof presentationLeaveSchema>, ack: AckCallback<null>) => void;
  'conference:stop': (payload: z.infer<typeof presentationEmptySchema>, ack: AckCallback<null>) => void;
}

export interface PresentationServerEvents {
  /** The floor's presentation started, changed (who is in it) or ended (null). */
  'presentation:changed': (payload: { floorId: number; presentation: PresentationDto | null }) => void;
  /**
   * To the person its host took out of the presentation (presentation:remove):
   * the server has moved them off the stage; `by` is who removed them.
   */
  'presentation:removed': (payload: { floorId: number; presentationId: number; by: number }) => void;
  /**
   * Its host left (disconnected or off the floor for longer than a short
   * grace period): the presentation passed to another host of the floor, or
   * ended. To everyone on the floor, in their language (issue 25 §11).
   */
  'presentation:hostGone': (payload: {
    floorId: number;
    presentationId: number;
    outcome: 'handedOver' | 'ended';
    message: string;
  }) => void;
  /**
   * The host turned my request down: to come in (I was waiting outside a
   * private one) or to speak (I stay audience). To the requester only; `by`
   * is who declined.
   */
  'presentation:denied': (payload: {
    floorId: number;
    presentationId: number;
    request: 'enter' | 'speak';
    by: number;
  }) => void;
  /** The Q&A list (visible questions by score; `voted` is 0: each reader keeps their own votes). */
  'presentation:questions': (payload: { floorId: number; presentationId: number; questions: QaQuestionDto[] }) => void;
}

export const presentationSchemas = {
  'presentation:start': presentationStartSchema,
  'presentation:join': presentationJoinSchema,
  'presentation:leave': presentationLeaveSchema,
  'presentation:stop': presentationEmptySchema,
  'presentation:get': presentationEmptySchema,
  'presentation:ask': qaAskSchema,
  'presentation:vote': qaVoteSchema,
  'presentation:hide': qaHideSchema,
  'presentation:mark': qaMarkSchema,
  'presentation:remove': presentationRemoveSchema,
  'presentation:demote': presentationRemoveSchema,
  'presentation:view': presentationViewSettingsSchema,
  'presentation:request': presentationEmptySchema,
  'presentation:admit': presentationUserSchema,
  'presentation:deny': presentationUserSchema,
  'presentation:call': presentationUserSchema,
  'conference:start': conferenceStartSchema,
  'conference:join': presentationJoinSchema,
  'conference:leave': presentationLeaveSchema,
  'conference:stop': presentationEmptySchema,
} as const;

/* Client-side checks of the answers and events. */
export const presentationDtoSchema = z.object({
  id,
  floorId: id,
  kind: z.enum(STAGE_KINDS),
  status: z.literal('running'),
  host: z.object({ id, name: z.string() }),
  roomId: id,
  isPrivateRoom: z.boolean(),
  saveChat: z.boolean(),
  members: z.array(
    z.object({
      userId: id,
      name: z.string(),
      role: z.enum(PRESENTATION_MEMBER_ROLES),
      requested: z.enum(PRESENTATION_ROLES).nullable(),
      called: z.boolean(),
      maySpeak: z.boolean().optional(),
    }),
  ),
  focused: focusedSchema.nullable(),
  showParticipants: z.boolean(),
  startedAt: z.string(),
});
export const qaQuestionSchema = z.object({
  id,
  text: z.string(),
  authorId: id,
  authorName: z.string(),
  score: z.number().int(),
  voted: z.number().int().min(-1).max(1),
  hidden: z.boolean(),
  answered: z.boolean(),
  pinned: z.boolean(),
  createdAt: z.string(),
});
export const presentationViewSchema = z.object({
  presentation: presentationDtoSchema.nullable(),
  questions: z.array(qaQuestionSchema),
});
export const presentationChangedSchema = z.object({ floorId: id, presentation: presentationDtoSchema.nullable() });
export const presentationRemovedSchema = z.object({ floorId: id, presentationId: id, by: id });
export const presentationDeniedSchema = z.object({
  floorId: id,
  presentationId: id,
  request: z.enum(['enter', 'speak']),
  by: id,
});
export const presentationHostGoneSchema = z.object({
  floorId: id,
  presentationId: id,
  outcome: z.enum(['handedOver', 'ended']),
  message: z.string(),
});
export const presentationQuestionsSchema = z.object({
  floorId: id,
  presentationId: id,
  questions: z.array(qaQuestionSchema),
});
