import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, buttonClassName, TextField, useDocumentTitle } from '@tsudoi/ui/controls';
import { flowReset, forgotPasswordRequested, selectFlow } from '../flows/slice';
import { validateEmail } from '@tsudoi/ui/session';
import { MailIcon } from './auth-icons';
import { AuthCardHeader, AuthShell } from './AuthShell';
import { StatusCard } from './StatusCard';
import { useAuthForm } from './use-auth-form';
import './password.css';

const selectForgot = selectFlow('forgotPassword');

/** /password/forgot: asks for the address and mails a reset link (spec §5: a 400 shows on the e-mail field). */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectForgot);
  const [sentTo, setSentTo] = useState('');
  useDocumentTitle(t('auth.forgot.title'));
  useEffect(() => {
    dispatch(flowReset('forgotPassword'));
  }, [dispatch]);

  const form = useAuthForm({
    initial: { email: '' },
    validate: ({ email }) => ({ email: validateEmail(email) }),
    order: ['email'],
    labels: { email: t('auth.login.email') },
    serverFields: flow.status === 'failed' ? flow.fields : undefined,
  });
  const submitting = flow.status === 'pending';

  if (flow.status === 'succeeded') {
    return (
      <StatusCard
        id="forgot-sent-title"
        tone="info"
        icon={<MailIcon />}
        title={t('auth.forgot.sentTitle')}
        actions={
          <>
            <Link className={buttonClassName('primary', true)} to="/login">
              {t('auth.common.backToLogin')}
            </Link>
            <Button variant="secondary" block onClick={() => dispatch(flowReset('forgotPassword'))}>
              {t('auth.forgot.tryAgain')}
            </Button>
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'auth.forgot.sentBody' }, { email: <strong key="email">{sentTo}</strong> })}</p>
        <p className="status-card__hint">{t('auth.forgot.sentHint')}</p>
      </StatusCard>
    );
  }

  return (
    <AuthShell labelledBy="forgot-title">
      <AuthCardHeader id="forgot-title" title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <form
        className="password-form"
        noValidate
        onSubmit={form.handleSubmit(({ email }) => {
          if (submitting) return;
          setSentTo(email.trim());
          dispatch(forgotPasswordRequested(email.trim()));
        })}
      >
        <TextField
          ref={form.register('email')}
          id="forgot-email"
          name="email"
          type="email"
          label={t('auth.login.email')}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.login.emailPlaceholder')}
          value={form.values.email}
          onChange={(event) => form.set('email', event.target.value)}
          error={form.errorOf('email')}
        />
        <Button type="submit" block busy={submitting} className="password-form__submit">
          {t(submitting ? 'auth.forgot.submitting' : 'auth.forgot.submit')}
        </Button>
      </form>
      <p className="login-card__signup">
        <Link className="link" to="/login">
          {t('auth.common.backToLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}
