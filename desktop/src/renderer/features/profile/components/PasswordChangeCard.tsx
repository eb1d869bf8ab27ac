import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { PasswordField, validateNewPassword } from '../../auth';
import { passwordChangeRequested, selectProfile } from '../slice';

type Field = 'currentPassword' | 'password' | 'passwordConfirmation';
const ORDER: Field[] = ['currentPassword', 'password', 'passwordConfirmation'];
const EMPTY: Record<Field, string> = { currentPassword: '', password: '', passwordConfirmation: '' };

/**
 * On /profile: change the password with the current one. Every other device
 * and browser signed in to the account is signed out (and told why); this
 * one stays signed in.
 */
export function PasswordChangeCard() {
  // a change went through: a fresh, empty form for the next one
  const { passwordChangedCount } = useAppSelector(selectProfile);
  return <PasswordChangeForm key={passwordChangedCount} />;
}

function PasswordChangeForm() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { passwordChanging, passwordErrors } = useAppSelector(selectProfile);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const labels: Record<Field, string> = {
    currentPassword: t('profile.password.current'),
    password: t('profile.password.new'),
    passwordConfirmation: t('profile.password.confirm'),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwordChanging) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword)
      found.currentPassword = t('validation.required', { attribute: labels.currentPassword });
    for (const [field, id] of Object.entries(validateNewPassword(values)) as [Field, MessageId][])
      found[field] = t(id, { attribute: labels[field] });
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    if (first) return inputs.current[first]?.focus();
    dispatch(passwordChangeRequested(values));
  }

  const field = (name: Field, autoComplete: string) => (
    <PasswordField
      ref={(element) => {
        inputs.current[name] = element;
      }}
      id={`password-change-${name}`}
      name={name}
      label={labels[name]}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name] ?? passwordErrors[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
    />
  );

  return (
    <section className="card" aria-labelledby="password-change-title">
      <div className="card__header">
        <h2 id="password-change-title" className="card__title">
          {t('profile.password.title')}
        </h2>
      </div>
      <p className="profile-password__note">{t('profile.password.note')}</p>
      <form className="form-stack profile-password" noValidate onSubmit={submit}>
        {field('currentPassword', 'current-password')}
        {field('password', 'new-password')}
        {field('passwordConfirmation', 'new-password')}
        <div className="form-actions">
          <Button type="submit" busy={passwordChanging}>
            {t(passwordChanging ? 'profile.password.submitting' : 'profile.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
