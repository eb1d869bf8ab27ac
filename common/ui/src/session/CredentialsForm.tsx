import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../controls/Button';
import { EyeIcon, EyeOffIcon } from '../controls/icons';
import { TextField } from '../controls/TextField';
import type { Credentials } from './slice';
import { validateCredentials } from './validation';
import './credentials-form.css';

export interface CredentialsFormProps {
  /** Prefix of the input ids, unique on the page. */
  idPrefix: string;
  submitting: boolean;
  submitLabel: string;
  onSubmit(credentials: Credentials): void;
  /** Shown at the end of the password label row (the user login puts "forgot password" there). */
  passwordAside?: ReactNode;
}

/** E-mail and password with client validation; shared by the user and the admin sign-in screens. */
export function CredentialsForm({ idPrefix, submitting, submitLabel, onSubmit, passwordAside }: CredentialsFormProps) {
  const intl = useIntl();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [attempted, setAttempted] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const labels = {
    email: intl.formatMessage({ id: 'auth.login.email' }),
    password: intl.formatMessage({ id: 'auth.login.password' }),
  };
  // Errors appear after the first submit, then follow every keystroke.
  const errors = attempted ? validateCredentials(values) : {};
  const errorOf = (field: keyof Credentials) => {
    const id = errors[field];
    return id && intl.formatMessage({ id }, { attribute: labels[field] });
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const found = validateCredentials(values);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else onSubmit({ email: values.email.trim(), password: values.password });
  }

  return (
    <form className="credentials-form" noValidate onSubmit={handleSubmit}>
      <TextField
        ref={emailRef}
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label={labels.email}
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={intl.formatMessage({ id: 'auth.login.emailPlaceholder' })}
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        error={errorOf('email')}
      />
      <TextField
        ref={passwordRef}
        id={`${idPrefix}-password`}
        name="password"
        type={passwordVisible ? 'text' : 'password'}
        label={labels.password}
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
        error={errorOf('password')}
        labelAside={passwordAside}
        endAdornment={
          <button
            type="button"
            className="field__adornment"
            aria-label={intl.formatMessage({ id: 'auth.login.showPassword' })}
            aria-pressed={passwordVisible}
            aria-controls={`${idPrefix}-password`}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            {passwordVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        }
      />
      <Button type="submit" block busy={submitting} className="credentials-form__submit">
        {submitting ? intl.formatMessage({ id: 'auth.login.submitting' }) : submitLabel}
      </Button>
    </form>
  );
}
