import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Button, TextField } from '@tsudoi/ui/controls';
import { validateSignup, type SignupValues } from '@tsudoi/ui/session';
import { PasswordField } from './PasswordField';
import { useAuthForm } from './use-auth-form';
import './signup.css';

const ORDER = ['name', 'email', 'password', 'passwordConfirmation', 'agreeTerms'] as const;

export interface SignupFormProps {
  initialEmail: string;
  submitting: boolean;
  serverFields?: Record<string, string>;
  onSubmit(values: SignupValues): void;
}

const termsLink = (href: string) => (chunks: ReactNode[]) => (
  <a className="link" href={href} target="_blank" rel="noreferrer">
    {chunks}
  </a>
);

/** Name, e-mail, password twice and the terms (spec §5: all required, matching passwords, terms agreed). */
export function SignupForm({ initialEmail, submitting, serverFields, onSubmit }: SignupFormProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const form = useAuthForm<SignupValues>({
    initial: { name: '', email: initialEmail, password: '', passwordConfirmation: '', agreeTerms: false },
    validate: validateSignup,
    order: ORDER,
    labels: {
      name: t('auth.signup.name'),
      email: t('auth.login.email'),
      password: t('auth.login.password'),
      passwordConfirmation: t('auth.signup.passwordConfirmation'),
      agreeTerms: t('auth.signup.terms'),
    },
    serverFields,
  });
  const { values, set, errorOf, register } = form;
  const termsError = errorOf('agreeTerms');

  return (
    <form className="signup-form" noValidate onSubmit={form.handleSubmit((v) => !submitting && onSubmit(v))}>
      <TextField
        ref={register('name')}
        id="signup-name"
        name="name"
        label={t('auth.signup.name')}
        autoComplete="name"
        placeholder={t('auth.signup.namePlaceholder')}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errorOf('name')}
      />
      <TextField
        ref={register('email')}
        id="signup-email"
        name="email"
        type="email"
        label={t('auth.login.email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.login.emailPlaceholder')}
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={errorOf('email')}
      />
      <div className="signup-form__with-hint">
        <PasswordField
          ref={register('password')}
          id="signup-password"
          name="password"
          label={t('auth.login.password')}
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          error={errorOf('password')}
        />
        {!errorOf('password') && <p className="signup-form__hint">{t('auth.password.hint')}</p>}
      </div>
      <PasswordField
        ref={register('passwordConfirmation')}
        id="signup-password-confirmation"
        name="passwordConfirmation"
        label={t('auth.signup.passwordConfirmation')}
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onChange={(event) => set('passwordConfirmation', event.target.value)}
        error={errorOf('passwordConfirmation')}
      />
      <div className="signup-form__terms">
        <label className={`checkbox${termsError ? ' checkbox--invalid' : ''}`}>
          <input
            ref={register('agreeTerms')}
            type="checkbox"
            name="agreeTerms"
            checked={values.agreeTerms}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'signup-terms-error' : undefined}
            onChange={(event) => set('agreeTerms', event.target.checked)}
          />
          <span>
            <FormattedMessage
              id="auth.signup.agree"
              values={{ terms: termsLink('/info/term-of-service'), privacy: termsLink('/info/privacy-policy') }}
            />
          </span>
        </label>
        {termsError && (
          <p className="field__error" id="signup-terms-error" role="alert">
            {termsError}
          </p>
        )}
      </div>
      <Button type="submit" block busy={submitting} className="signup-form__submit">
        {t(submitting ? 'auth.signup.submitting' : 'auth.signup.submit')}
      </Button>
    </form>
  );
}
