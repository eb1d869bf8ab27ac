/** Where a signed-out visitor's invitation link waits for them to sign in (spec §4). */
export const STORED_INVITATION_KEY = 'tsudoi:invitation';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const INVITATION_PATH = /^\/invitation\/employee\/\d+$/;

/** The invitation page of invitation `id` for `email` (the link the invitation mail carries). */
export const invitationPath = (id: number | string, email: string) =>
  `/invitation/employee/${id}?email=${encodeURIComponent(email)}`;

/** The e-mail of an invitation page link, or null when `link` is not one (nothing else is ever followed). */
export function invitationEmail(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link, 'http://tsudoi.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://tsudoi.invalid' || !INVITATION_PATH.test(url.pathname)) return null;
  const email = url.searchParams.get('email')?.trim().toLowerCase();
  return email || null;
}

export function storeInvitation(storage: KeyValueStorage, link: string): void {
  if (invitationEmail(link)) storage.setItem(STORED_INVITATION_KEY, link);
}

/**
 * After sign-in: the stored link is honoured (answered, to be opened) only if
 * it is an invitation link for the signed-in user's e-mail; otherwise it is
 * discarded. Either way it is removed, so it is used at most once.
 */
export function takeStoredInvitation(storage: KeyValueStorage, userEmail: string): string | null {
  const link = storage.getItem(STORED_INVITATION_KEY);
  if (link === null) return null;
  storage.removeItem(STORED_INVITATION_KEY);
  const email = invitationEmail(link);
  return email !== null && email === userEmail.trim().toLowerCase() ? link : null;
}
