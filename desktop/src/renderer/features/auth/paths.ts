/** Where signed-in users land (spec §2). /home shows the profile until the floor list exists. */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const VERIFICATION_PROMPT_PATH = '/verification-prompt';

/** Router state that remembers where a signed-out visitor was going. */
export interface ReturnState {
  from?: string;
}

/** The remembered target, if it is a path of this app (never an absolute URL). */
export function returnPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}
