/**
 * The typed path builder of the floor UI's routes (spec §2, issue 20: "route
 * parameters checked when a path is built"). Every parameter is checked
 * before it goes into a URL: an id must be a whole number 1…2147483647 (the
 * database's INT), a token or app_id only URL-safe characters. A bad value
 * throws BadPathParameter instead of building `/floors/undefined/edit` or a
 * path that leaves the route (`/floors/1/../../admin`). `isIdParam` is the same
 * check for a parameter read from the address bar (RequireValidParams).
 */
export class BadPathParameter extends Error {
  override name = 'BadPathParameter';
  constructor(
    readonly parameter: string,
    readonly value: unknown,
  ) {
    super(`Bad path parameter ${parameter}: ${JSON.stringify(value) ?? String(value)}`);
  }
}

const MAX_ID = 2_147_483_647;
const ID_TEXT = /^[1-9][0-9]{0,9}$/;
/** Tokens of mail links, app_ids: letters, digits, - _ . ~ (unreserved URL characters), 1–512 long. */
const TOKEN_TEXT = /^[A-Za-z0-9._~-]{1,512}$/;

/** An id as it may appear in a path: a number, or its decimal text from the address bar. */
export type IdLike = number | string;

/** Whether a value is a database id: a whole number from 1 to 2147483647 (number, or its plain decimal text). */
export function isIdParam(value: unknown): value is IdLike {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;
  return typeof value === 'string' && ID_TEXT.test(value) && Number(value) <= MAX_ID;
}

function id(name: string, value: unknown): string {
  if (!isIdParam(value)) throw new BadPathParameter(name, value);
  return String(Number(value));
}

function token(name: string, value: unknown): string {
  if (typeof value !== 'string' || !TOKEN_TEXT.test(value) || value === '.' || value === '..')
    throw new BadPathParameter(name, value);
  return value;
}

/** `?app_id=…` for an account-less guest's floor link (spec §2), checked like a token. */
function appQuery(appId: string | undefined): string {
  return appId === undefined ? '' : `?app_id=${token('app_id', appId)}`;
}

export const paths = {
  home: () => '/home',
  login: () => '/login',
  floors: () => '/floors',
  floorsHosted: () => '/floors/hosted',
  floorCreate: () => '/floors/create',
  floor: (floorId: IdLike, appId?: string) => `/floors/${id('id', floorId)}${appQuery(appId)}`,
  floorEdit: (floorId: IdLike) => `/floors/${id('id', floorId)}/edit`,
  floorDuplicate: (floorId: IdLike) => `/floors/duplicate/${id('id', floorId)}`,
  floorCheck: (floorId: IdLike, appId?: string) => `/floors/${id('id', floorId)}/check${appQuery(appId)}`,
  floorLive: (floorId: IdLike, appId?: string) => `/floors/${id('id', floorId)}/live${appQuery(appId)}`,
  floorRecordings: (floorId: IdLike) => `/floors/${id('id', floorId)}/recordings`,
  floorRecording: (floorId: IdLike, recordingId: IdLike) =>
    `/floors/${id('id', floorId)}/recordings/${id('recordingId', recordingId)}`,
  floorAppointments: (floorId: IdLike) => `/floors/${id('id', floorId)}/appointments`,
  /** The shift page of a member (an employee id), or one's own without an id. */
  employeeShift: (employeeId?: IdLike) =>
    employeeId === undefined ? '/employee/shift' : `/employee/${id('id', employeeId)}/shift`,
  passwordReset: (resetToken: string) => `/password/reset/${token('token', resetToken)}`,
  verifyToken: (verifyToken: string) => `/token/verify/${token('token', verifyToken)}`,
  chat: () => '/chat',
  attendance: () => '/attendance',
  files: () => '/files',
  companyRegister: () => '/company/register',
  companyEdit: () => '/profile/company/edit',
  profile: () => '/profile',
  plan: () => '/plan',
} as const;
