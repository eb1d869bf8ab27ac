import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Button } from '@tsudoi/ui/controls';
import { validateNewPassword, type NewPassword } from '@tsudoi/ui/session';
import { PasswordField } from './PasswordField';
import { useAuthForm } from './use-auth-form';
import './password.css';

export interface NewPasswordFormProps {
  submitting: boolean;
  serverFields?: Record<string, string>;
  onSubmit(values: NewPassword): void;
}

/** The new password and its confirmation (8 to 128 characters, both the same). */
export function NewPasswordForm({ submitting, serverFields, onSubmit }: NewPasswordFormProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const form = useAuthForm<NewPassword>({
    initial: { password: '', passwordConfirmation: '' },
    validate: validateNewPassword,
    order: ['password', 'passwordConfirmation'],
    labels: { password: t('auth.reset.password'), passwordConfirmation: t('auth.signup.passwordConfirmation') },
    serverFields,
  });
  const passwordError = form.errorOf('password');

  return (
    <form className="password-form" noValidate onSubmit={form.handleSubmit((v) => !submitting && onSubmit(v))}>
      <PasswordField
        ref={form.register('password')}
        id="reset-password"
        name="password"
        label={t('auth.reset.password')}
        autoComplete="new-password"
        value={form.values.password}
        onChange={(event) => form.set('password', event.target.value)}
        error={passwordError}
      />
      {!passwordError && <p className="password-form__hint">{t('auth.password.hint')}</p>}
      <PasswordField
        ref={form.register('passwordConfirmation')}
        id="reset-password-confirmation"
        name="passwordConfirmation"
        label={t('auth.signup.passwordConfirmation')}
        autoComplete="new-password"
        value={form.values.passwordConfirmation}
        onChange={(event) => form.set('passwordConfirmation', event.target.value)}
        error={form.errorOf('passwordConfirmation')}
      />
      <Button type="submit" block busy={submitting} className="password-form__submit">
        {t(submitting ? 'auth.reset.submitting' : 'auth.reset.submit')}
      </Button>
    </form>
  );
}
