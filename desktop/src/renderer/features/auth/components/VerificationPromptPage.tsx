import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { flowReset, resendVerificationRequested, selectFlow } from '../flows/slice';
import { HOME_PATH } from '../paths';
import { logoutRequested, selectCurrentUser, sessionCheckRequested } from '@tsudoi/ui/session';
import { MailIcon } from './auth-icons';
import { StatusCard } from './StatusCard';

const selectResend = selectFlow('resendVerification');

/** /verification-prompt (inside RequireAuth): an unverified account is asked to open the mailed link. */
export function VerificationPromptPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const resend = useAppSelector(selectResend);
  useDocumentTitle(t('auth.prompt.title'));
  useEffect(() => {
    dispatch(flowReset('resendVerification'));
  }, [dispatch]);

  if (user?.verifiedAt) return <Navigate to={HOME_PATH} replace />;
  const sending = resend.status === 'pending';

  return (
    <StatusCard
      id="prompt-title"
      tone="info"
      icon={<MailIcon />}
      title={t('auth.prompt.title')}
      actions={
        <>
          <Button block busy={sending} onClick={() => !sending && dispatch(resendVerificationRequested())}>
            {t(sending ? 'auth.prompt.resending' : 'auth.prompt.resend')}
          </Button>
          <Button variant="secondary" block onClick={() => dispatch(sessionCheckRequested())}>
            {t('auth.prompt.done')}
          </Button>
        </>
      }
      footer={
        <>
          {t('auth.prompt.wrongAccount')}{' '}
          <button type="button" className="link status-card__link-button" onClick={() => dispatch(logoutRequested())}>
            {t('auth.logout.button')}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: 'auth.prompt.body' }, { email: <strong key="email">{user?.email}</strong> })}</p>
    </StatusCard>
  );
}
