import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tsudoi/common';
import type { Credentials } from './slice';

/** Message ids of client validation (spec §5); validation.required takes the field label as {attribute}. */
export type ValidationError =
  | 'validation.required'
  | 'validation.email'
  | 'validation.passwordLength'
  | 'validation.passwordMismatch'
  | 'validation.nameTooLong'
  | 'errors.MUST_AGREE_TERMS';
export type CredentialsError = Extract<ValidationError, 'validation.required' | 'validation.email'>;
export type CredentialsErrors = Partial<Record<keyof Credentials, CredentialsError>>;

/** Deliberately loose: one @, a dot in the domain, no spaces. The server has the final word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX_LENGTH = 100;

/** Required, then shaped like an address. */
export function validateEmail(email: string): CredentialsError | undefined {
  const address = email.trim();
  if (!address) return 'validation.required';
  return EMAIL_PATTERN.test(address) ? undefined : 'validation.email';
}

/** Client checks of a sign-in form; the values are message ids. */
export function validateCredentials({ email, password }: Credentials): CredentialsErrors {
  const errors: CredentialsErrors = {};
  const emailError = validateEmail(email);
  if (emailError) errors.email = emailError;
  if (!password) errors.password = 'validation.required';
  return errors;
}

export interface NewPassword {
  password: string;
  passwordConfirmation: string;
}
export type NewPasswordErrors = Partial<Record<keyof NewPassword, ValidationError>>;

/** A new password: 8 to 128 characters, confirmed by typing it twice. */
export function validateNewPassword({ password, passwordConfirmation }: NewPassword): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'validation.required';
  else if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    errors.password = 'validation.passwordLength';
  if (!passwordConfirmation) errors.passwordConfirmation = 'validation.required';
  else if (password && passwordConfirmation !== password) errors.passwordConfirmation = 'validation.passwordMismatch';
  return errors;
}

export interface SignupValues extends NewPassword {
  name: string;
  email: string;
  agreeTerms: boolean;
}
export type SignupErrors = Partial<Record<keyof SignupValues, ValidationError>>;

/** The sign-up form (spec §5): every field required, a valid e-mail, matching passwords, terms agreed. */
export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = validateNewPassword(values);
  const name = values.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > NAME_MAX_LENGTH) errors.name = 'validation.nameTooLong';
  const emailError = validateEmail(values.email);
  if (emailError) errors.email = emailError;
  if (!values.agreeTerms) errors.agreeTerms = 'errors.MUST_AGREE_TERMS';
  return errors;
}

/** The first field with an error, in form order: where focus goes after a failed submit. */
export function firstInvalid<K extends string>(
  order: readonly K[],
  errors: Partial<Record<K, unknown>>,
): K | undefined {
  return order.find((field) => errors[field] !== undefined);
}
