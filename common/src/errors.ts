/**
 * The error catalogue (spec calls-errors-limits §8). Every error the server
 * sends carries one of these codes; the HTTP status and the message id (in
 * i18n/{ja,en}.json under `errors.<CODE>`) come from here, so server and UIs
 * agree on both.
 */
export const ERROR_CATALOGUE = {
  // §8.1 HTTP and network
  BAD_REQUEST: { status: 400 },
  MALFORMED_JSON: { status: 400 },
  VALIDATION_FAILED: { status: 400 },
  UNAUTHORIZED: { status: 401 },
  INVALID_API_KEY: { status: 401 },
  FORBIDDEN: { status: 403 },
  NOT_FOUND: { status: 404 },
  PAGE_NOT_FOUND: { status: 404 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  RATE_LIMITED: { status: 429 },
  /** A URL with a malformed % escape (never a 500). */
  MALFORMED_URL: { status: 400 },
  /** A request body in a Content-Encoding the server does not read. */
  UNSUPPORTED_CONTENT_ENCODING: { status: 400 },
  /** A socket with too many requests still unanswered (realtime/guard). */
  TOO_MANY_PENDING_REQUESTS: { status: 429 },
  /** A socket handshake beyond the open-socket cap of its account, guest or address ({limit}). */
  TOO_MANY_CONNECTIONS: { status: 429 },
  INTERNAL: { status: 500 },
  UNKNOWN_MIDDLEWARE: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  /** The payment provider could not be reached or failed (checkout, the billing portal): nothing changed. */
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 503 },
  CONNECTION_FAILED: { status: 0 },
  SOMETHING_WENT_WRONG: { status: 0 },
  TIMED_OUT: { status: 0 },
  /** A call retried by the client's retry policy failed on every attempt (spec §9.1: 5 attempts, 500 ms apart). */
  RETRY_LIMIT_EXCEEDED: { status: 0 },
  // §8.3 joining rooms and floors
  PASSWORD_ERROR: { status: 403 },
  APPOINTMENT_NOT_STARTED: { status: 403 },
  APPOINTMENT_ENDED: { status: 403 },
  APPOINTMENT_CANCELLED: { status: 410 },
  // appointments (issue 16): another company's booking and one that does not exist look the same
  APPOINTMENT_NOT_FOUND: { status: 404 },
  /** The room is already booked for part of that time. */
  APPOINTMENT_CONFLICT: { status: 409 },
  /** Only meeting rooms and guest lounges are booked. */
  APPOINTMENT_ROOM_NOT_BOOKABLE: { status: 400 },
  /** A booked room during its booking: only its people, the host and those invited enter ({end}). */
  ROOM_BOOKED: { status: 403 },
  /** The appointment's guest before the host let them in: knock and wait. */
  APPOINTMENT_WAIT_FOR_HOST: { status: 403 },
  /** The host turned the guest away. */
  APPOINTMENT_REJECTED: { status: 403 },
  /** register-participant on a booking that has its guest already. */
  APPOINTMENT_HAS_GUEST: { status: 409 },
  /** A booked visitor goes only to the lobby and the rooms their booking opens (a host may bring them elsewhere). */
  VISITOR_STAYS_IN_VISIT: { status: 403 },
  /** Booking a meeting room asks for the meetingRoom flag, a guest lounge for receptionRoom (hosts and subhosts have both). */
  APPOINTMENT_NO_PERMISSION: { status: 403 },
  /** A guest of a floor never brings anyone else in: no invitations, no bookings. */
  GUESTS_CANNOT_INVITE: { status: 403 },
  PAST_FLOOR: { status: 410 },
  // §8.4 media
  NOT_ALLOWED_TO_SHARE_SCREEN: { status: 403 },
  SHARE_SCREEN_NOT_AVAILABLE: { status: 400 },
  /** Someone else in the room shares (one sharer at a time): the message names them ({name}). */
  SCREEN_ALREADY_SHARED: { status: 409 },
  NO_CAMERA_DEVICE: { status: 400 },
  NO_MICROPHONE_DEVICE: { status: 400 },
  FAILED_TO_LOAD_IMAGE: { status: 0 },
  CAMERA_EFFECT_UNAVAILABLE: { status: 0 },
  // §8.5 messages shown to users
  MUST_AGREE_TERMS: { status: 400 },
  UNSUPPORTED_IMAGE_FORMAT: { status: 415 },
  FILE_TOO_LARGE: { status: 413 },
  /** The company's stored files reached its plan's quota (the message names used and quota). */
  STORAGE_QUOTA_EXCEEDED: { status: 413 },
  /** A person's uploads of the last 24 hours reached their budget ({used} of {budget}); a guest's budget is much smaller. */
  UPLOAD_BUDGET_EXCEEDED: { status: 413 },
  /** The guests of a floor together reached their uploads of the last 24 hours ({used} of {budget}). */
  GUEST_UPLOADS_EXCEEDED: { status: 413 },
  EMPTY_INVITATION_LIST: { status: 400 },
  NO_PERMISSION_TO_JOIN_FLOOR: { status: 403 },
  SIGN_IN_TO_VIEW_FLOOR: { status: 401 },
  FLOOR_DETAIL_REQUIRED: { status: 400 },
  FLOOR_PLAN_REQUIRED: { status: 400 },
  INVALID_AUTH_URL: { status: 400 },
  EXPIRED_INVITATION_URL: { status: 410 },
  INVITATION_ACCOUNT_MISMATCH: { status: 409 },
  ALREADY_JOINED_COMPANY: { status: 409 },
  BROWSER_NOT_SUPPORTED: { status: 400 },
  INVALID_RESET_TOKEN: { status: 400 },
  EMAIL_NOT_EXIST: { status: 400 },
  EMAIL_ALREADY_EXISTS: { status: 409 },
  RESEND_INVITATION_FAILED: { status: 400 },
  TEAM_NOT_FOUND: { status: 404 },
  PLAN_LIMIT_REACHED: { status: 409 },
  /** A Business feature (recording, transcript, attendance) asked of a team on Starter ({feature}). */
  PLAN_FEATURE_REQUIRED: { status: 403 },
  /** Card payment is not set up on this server (no payment provider keys). */
  BILLING_NOT_CONFIGURED: { status: 503 },
  /** A payment provider webhook whose signature does not verify. */
  BILLING_WEBHOOK_INVALID: { status: 400 },
  /** The team already used its free trial, or already pays for Business. */
  TRIAL_NOT_AVAILABLE: { status: 409 },
  /** The team has no customer at the payment provider yet (nothing to manage). */
  BILLING_NO_CUSTOMER: { status: 409 },
  LOGIN_ACCESS_DENIED: { status: 401 },
  LOGIN_UNKNOWN_ERROR: { status: 500 },
  LOGIN_FACEBOOK_PROBLEM: { status: 502 },
  LOGIN_LIMIT_REACHED: { status: 429 },
  AUTHORIZATION_FAILED: { status: 401 },
  EMAIL_NOT_VERIFIED: { status: 403 },
  CURRENT_PASSWORD_INCORRECT: { status: 400 },
  TEAM_MEMBER_NOT_FOUND: { status: 404 },
  TEAM_OWNER_FIXED: { status: 409 },
  UPDATE_FAILED: { status: 400 },
  PRESENTATION_NO_PERMISSION: { status: 403 },
  PRESENTATIONS_NOT_ALLOWED: { status: 403 },
  /** No presentation runs on the floor (join, leave, stop, Q&A). */
  PRESENTATION_NOT_RUNNING: { status: 409 },
  /** The floor already has a running presentation (one at a time). */
  PRESENTATION_ALREADY_RUNNING: { status: 409 },
  /** Only the presentation's host (or a host or subhost of the floor) may do that. */
  PRESENTATION_NOT_HOST: { status: 403 },
  /** A Q&A question of another presentation, a hidden one, or one that does not exist. */
  QA_QUESTION_NOT_FOUND: { status: 404 },
  /** Admit or deny of someone with no open request (or call) in the presentation. */
  PRESENTATION_NO_REQUEST: { status: 404 },
  /** Starting or speaking in a conference without the conference permission (nor host or subhost). */
  CONFERENCE_NO_PERMISSION: { status: 403 },
  /** A conference call while a presentation runs (or the other way round: the stage holds one at a time). */
  STAGE_KIND_MISMATCH: { status: 409 },
  /** A request to speak from someone who has not joined the presentation (or still waits outside). */
  PRESENTATION_NOT_MEMBER: { status: 409 },
  /** The stage room is entered only through a presentation (join, admit or call), not from the map. */
  STAGE_ROOM_CLOSED: { status: 403 },
  /** The host shows large someone who is not one of the presentation's speakers now. */
  PRESENTATION_NOT_SPEAKER: { status: 409 },
  /** Camera, microphone or screen on the stage by someone who is not one of its speakers. */
  MEDIA_AUDIENCE_CANNOT_PRODUCE: { status: 403 },
  RECORDING_START_FAILED: { status: 500 },
  RECORDING_STOP_FAILED: { status: 500 },
  RECORDING_NOT_OWNER: { status: 403 },
  TRANSCRIPT_FAILED: { status: 500 },
  TRANSCRIPT_EMPTY: { status: 422 },
  /** Recording: the company's plan does not include the feature ({feature}; spec §9.2). */
  PLAN_FEATURE_UNAVAILABLE: { status: 403 },
  /** Recording: no recording permission on the floor. */
  RECORDING_NO_PERMISSION: { status: 403 },
  /** Recording: the room is already being recorded. */
  RECORDING_ALREADY_RUNNING: { status: 409 },
  /** Recording: nothing is recorded in the caller's room. */
  RECORDING_NOT_RUNNING: { status: 409 },
  /** Recording: another company's recording and one that does not exist look the same. */
  RECORDING_NOT_FOUND: { status: 404 },
  /** Recording: the file is not ready yet (still recording or processing). */
  RECORDING_NOT_READY: { status: 409 },
  /** A transcript or minutes asked for again while the last request still waits or runs. */
  RECORDING_JOB_PENDING: { status: 409 },
  /** A team's transcripts and minutes waiting in the shared queue reached their cap (others' jobs go first). */
  RECORDING_QUEUE_FULL: { status: 429 },
  /** A recording is shared only with people who may see its floor. */
  RECORDING_SHARE_OUTSIDE: { status: 400 },
  INVALID_FLOOR_LINK: { status: 400 },
  /** An invited guest's personal link opened while signed in: it is used without an account only. */
  GUEST_LINK_NOT_FOR_ACCOUNTS: { status: 409 },
  // floors, rooms and participants (a floor of another team and one that does not exist look the same)
  FLOOR_NOT_FOUND: { status: 404 },
  ROOM_NOT_FOUND: { status: 404 },
  PARTICIPANT_NOT_FOUND: { status: 404 },
  UNSUPPORTED_FLOOR_IMAGE_FORMAT: { status: 415 },
  HOST_PARTICIPANT_FIXED: { status: 409 },
  // the live floor (socket)
  FLOOR_NOT_STARTED: { status: 403 },
  FLOOR_FULL: { status: 409 },
  FLOOR_NOT_JOINED: { status: 409 },
  USER_NOT_ON_FLOOR: { status: 404 },
  ROOM_FULL: { status: 409 },
  SEAT_TAKEN: { status: 409 },
  ROOM_PASSWORD_LIMIT: { status: 429 },
  /** The entrance (and out of office) stay open to everyone. */
  ROOM_NOT_LOCKABLE: { status: 409 },
  /** Only the host, subhosts and people in the room may lock it. */
  ROOM_LOCK_NOT_ALLOWED: { status: 403 },
  /** A room whose type asks for a permission flag the caller lacks (stage: speech, meeting rooms, guest lounges). */
  ROOM_NO_PERMISSION: { status: 403 },
  /** The entrance, the stage and out of office keep their type (a host may rename them). */
  ROOM_TYPE_FIXED: { status: 409 },
  ROOM_INVITATION_NOT_FOUND: { status: 404 },
  MOVE_RATE_LIMIT: { status: 429 },
  // the floor password (members on join, guests on join-guest)
  FLOOR_PASSWORD_REQUIRED: { status: 403 },
  FLOOR_PASSWORD_ERROR: { status: 403 },
  FLOOR_PASSWORD_LIMIT: { status: 429 },
  // chat (a conversation one is not a member of and one that does not exist look the same)
  CHAT_CONVERSATION_NOT_FOUND: { status: 404 },
  CHAT_MESSAGE_NOT_FOUND: { status: 404 },
  CHAT_USER_NOT_FOUND: { status: 404 },
  CHAT_UPLOAD_NOT_FOUND: { status: 404 },
  CHAT_ATTACHMENT_EXPIRED: { status: 410 },
  CHAT_NOT_SENDER: { status: 403 },
  CHAT_NOT_EDITABLE: { status: 409 },
  CHAT_MESSAGE_UNSENT: { status: 409 },
  CHAT_READ_ONLY: { status: 403 },
  CHAT_RATE_LIMITED: { status: 429 },
  // media (camera, microphone, screen through the SFU of the caller's room)
  MEDIA_NO_WEBRTC_ROOM: { status: 409 },
  /** A booked visitor waiting in the lobby is neither seen nor heard until let in. */
  MEDIA_VISITOR_WAITING: { status: 403 },
  MEDIA_NOT_JOINED: { status: 409 },
  MEDIA_UNAVAILABLE: { status: 503 },
  MEDIA_TRANSPORT_NOT_FOUND: { status: 404 },
  MEDIA_PRODUCER_NOT_FOUND: { status: 404 },
  MEDIA_CONSUMER_NOT_FOUND: { status: 404 },
  MEDIA_CANNOT_CONSUME: { status: 400 },
  MEDIA_ALREADY_PRODUCING: { status: 409 },
  MEDIA_REQUEST_NOT_FOUND: { status: 404 },
  MEDIA_REQUEST_PENDING: { status: 409 },
  // virtual backgrounds (someone else's and one that does not exist look the same)
  VIRTUAL_BACKGROUND_NOT_FOUND: { status: 404 },
  VIRTUAL_BACKGROUND_LIMIT: { status: 409 },
  // attendance, shifts and time logs (issue 18); another team's record or shift and none look the same
  ATTENDANCE_ALREADY_CHECKED_IN: { status: 409 },
  ATTENDANCE_NOT_CHECKED_IN: { status: 409 },
  ATTENDANCE_ALREADY_ON_BREAK: { status: 409 },
  ATTENDANCE_NOT_ON_BREAK: { status: 409 },
  /** An attendance permission of spec §6 is missing (the message names it). */
  ATTENDANCE_NO_PERMISSION: { status: 403 },
  TIME_LOG_NOT_FOUND: { status: 404 },
  SHIFT_NOT_FOUND: { status: 404 },
  // the platform admin console (issue 19)
  /** Deleting the only platform admin left. */
  ADMIN_LAST_ONE: { status: 409 },
  /** An admin deleting their own account. */
  ADMIN_CANNOT_DELETE_SELF: { status: 409 },
  /** A team is deleted only once it has no members and no floors. */
  COMPANY_NOT_EMPTY: { status: 409 },
  // the company file share (issue 18); another team's file or folder and none look the same
  COMPANY_FILE_NOT_FOUND: { status: 404 },
  COMPANY_FOLDER_NOT_FOUND: { status: 404 },
  /** Moving a folder into itself or into one of its own folders. */
  COMPANY_FOLDER_MOVE_INVALID: { status: 409 },
  COMPANY_FOLDER_TOO_DEEP: { status: 409 },
  /** Renaming, moving or deleting a teammate's item without being OWNER/ADMIN. */
  COMPANY_UPLOAD_NOT_YOURS: { status: 403 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Message id of a code in the i18n catalogues. */
export const errorMessageId = (code: ErrorCode): `errors.${ErrorCode}` => `errors.${code}`;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The one error shape of every REST answer and socket acknowledgement. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Field-level messages, keyed by field path (validation errors). */
  fields?: Record<string, string>;
  /**
   * The seconds after which the same request may succeed: a rate limit's wait (429), or the time until a
   * guest's visit starts (APPOINTMENT_NOT_STARTED: the guest's page enters then, without asking meanwhile).
   */
  retryAfterS?: number;
}
