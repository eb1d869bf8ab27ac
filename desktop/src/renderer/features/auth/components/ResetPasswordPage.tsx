import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { flowReset, newPasswordRequested, resetTokenCheckRequested, selectFlow } from '../flows/slice';
import { LinkBrokenIcon } from './auth-icons';
import { AuthCardHeader, AuthShell } from './AuthShell';
import { NewPasswordForm } from './NewPasswordForm';
import { SessionSplash } from '@tsudoi/ui/session';
import { StatusCard } from './StatusCard';

const selectCheck = selectFlow('checkResetToken');
const selectNewPassword = selectFlow('newPassword');

/** The link is invalid or expired (spec §8.5 'invalid reset-password token'): a way to ask for a new one. */
function ResetLinkInvalid({ message }: { message: string }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <StatusCard
      id="reset-invalid-title"
      tone="danger"
      icon={<LinkBrokenIcon />}
      title={t('auth.reset.invalidTitle')}
      actions={
        <>
          <Link className={buttonClassName('primary', true)} to="/password/forgot">
            {t('auth.reset.requestNew')}
          </Link>
          <Link className={buttonClassName('secondary', true)} to="/login">
            {t('auth.common.backToLogin')}
          </Link>
        </>
      }
    >
      <p>{message}</p>
    </StatusCard>
  );
}

/** /password/reset/{token}: checks the token first, then asks for the new password twice. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const check = useAppSelector(selectCheck);
  const change = useAppSelector(selectNewPassword);
  const invalid = !token || check.status === 'failed';
  useDocumentTitle(t(invalid ? 'auth.reset.invalidTitle' : 'auth.reset.title'));

  useEffect(() => {
    dispatch(flowReset('newPassword'));
    if (token) dispatch(resetTokenCheckRequested(token));
  }, [dispatch, token]);

  useEffect(() => {
    if (change.status !== 'succeeded') return;
    dispatch(flowReset('newPassword'));
    navigate('/login', { replace: true });
  }, [change.status, dispatch, navigate]);

  if (!token) return <ResetLinkInvalid message={t('errors.INVALID_RESET_TOKEN')} />;
  if (check.status === 'failed') return <ResetLinkInvalid message={check.message ?? t('errors.INVALID_RESET_TOKEN')} />;
  if (check.status !== 'succeeded') return <SessionSplash />;

  return (
    <AuthShell labelledBy="reset-title">
      <AuthCardHeader id="reset-title" title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <NewPasswordForm
        submitting={change.status === 'pending'}
        serverFields={change.status === 'failed' ? change.fields : undefined}
        onSubmit={(values) => dispatch(newPasswordRequested({ token, ...values }))}
      />
      <p className="login-card__signup">
        <Link className="link" to="/login">
          {t('auth.common.backToLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}
