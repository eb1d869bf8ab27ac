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
  INTERNAL: { status: 500 },
  UNKNOWN_MIDDLEWARE: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  CONNECTION_FAILED: { status: 0 },
  SOMETHING_WENT_WRONG: { status: 0 },
  TIMED_OUT: { status: 0 },
  // §8.3 joining rooms and floors
  PASSWORD_ERROR: { status: 403 },
  APPOINTMENT_NOT_STARTED: { status: 403 },
  APPOINTMENT_ENDED: { status: 403 },
  PAST_FLOOR: { status: 410 },
  // §8.4 media
  NOT_ALLOWED_TO_SHARE_SCREEN: { status: 403 },
  SHARE_SCREEN_NOT_AVAILABLE: { status: 400 },
  NO_CAMERA_DEVICE: { status: 400 },
  NO_MICROPHONE_DEVICE: { status: 400 },
  FAILED_TO_LOAD_IMAGE: { status: 0 },
  CAMERA_EFFECT_UNAVAILABLE: { status: 0 },
  // §8.5 messages shown to users
  MUST_AGREE_TERMS: { status: 400 },
  UNSUPPORTED_IMAGE_FORMAT: { status: 415 },
  FILE_TOO_LARGE: { status: 413 },
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
  LOGIN_ACCESS_DENIED: { status: 401 },
  LOGIN_UNKNOWN_ERROR: { status: 500 },
  LOGIN_FACEBOOK_PROBLEM: { status: 502 },
  LOGIN_LIMIT_REACHED: { status: 429 },
  AUTHORIZATION_FAILED: { status: 401 },
  EMAIL_NOT_VERIFIED: { status: 403 },
  UPDATE_FAILED: { status: 400 },
  PRESENTATION_NO_PERMISSION: { status: 403 },
  PRESENTATIONS_NOT_ALLOWED: { status: 403 },
  RECORDING_START_FAILED: { status: 500 },
  RECORDING_STOP_FAILED: { status: 500 },
  RECORDING_NOT_OWNER: { status: 403 },
  TRANSCRIPT_FAILED: { status: 500 },
  TRANSCRIPT_EMPTY: { status: 422 },
  INVALID_FLOOR_LINK: { status: 400 },
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
  ROOM_INVITATION_NOT_FOUND: { status: 404 },
  MOVE_SUPERSEDED: { status: 409 },
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
  CHAT_NOT_SENDER: { status: 403 },
  CHAT_NOT_EDITABLE: { status: 409 },
  CHAT_MESSAGE_UNSENT: { status: 409 },
  CHAT_READ_ONLY: { status: 403 },
  CHAT_RATE_LIMITED: { status: 429 },
  // media (camera, microphone, screen through the SFU of the caller's room)
  MEDIA_NO_WEBRTC_ROOM: { status: 409 },
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
}
