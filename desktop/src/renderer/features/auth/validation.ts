import type { Credentials } from './slice';

export type CredentialsError = 'validation.required' | 'validation.email';
export type CredentialsErrors = Partial<Record<keyof Credentials, CredentialsError>>;

/** Deliberately loose: one @, a dot in the domain, no spaces. The server has the final word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client checks of a sign-in form; the values are message ids (validation.required takes the field label). */
export function validateCredentials({ email, password }: Credentials): CredentialsErrors {
  const errors: CredentialsErrors = {};
  const address = email.trim();
  if (!address) errors.email = 'validation.required';
  else if (!EMAIL_PATTERN.test(address)) errors.email = 'validation.email';
  if (!password) errors.password = 'validation.required';
  return errors;
}
