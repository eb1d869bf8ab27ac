import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { flowReset, resendVerificationRequested, selectFlow, verifyEmailRequested } from '../flows/slice';
import { selectIsSignedIn, SessionSplash } from '@tsudoi/ui/session';
import { LinkBrokenIcon } from './auth-icons';
import { StatusCard } from './StatusCard';

const selectVerify = selectFlow('verifyEmail');
const selectResend = selectFlow('resendVerification');

/** Verification failed (spec §7.2: the server message, title "verification failed"), with a way to a new link. */
function VerificationFailed({ message }: { message: string }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const resend = useAppSelector(selectResend);
  return (
    <StatusCard
      id="verify-failed-title"
      tone="danger"
      icon={<LinkBrokenIcon />}
      title={t('auth.verify.failedTitle')}
      actions={
        signedIn ? (
          <Button
            block
            busy={resend.status === 'pending'}
            disabled={resend.status === 'succeeded'}
            onClick={() => resend.status !== 'pending' && dispatch(resendVerificationRequested())}
          >
            {t(resend.status === 'succeeded' ? 'auth.verify.resent' : 'auth.verify.resend')}
          </Button>
        ) : (
          <Link className={buttonClassName('primary', true)} to="/login">
            {t('auth.verify.loginToResend')}
          </Link>
        )
      }
    >
      <p>{message}</p>
      <p className="status-card__hint">{t(signedIn ? 'auth.verify.failedHint' : 'auth.verify.failedHintSignedOut')}</p>
    </StatusCard>
  );
}

/** /token/verify/{token}: the link from the verification mail; works signed in or not. */
export function VerifyTokenPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const flow = useAppSelector(selectVerify);
  const checking = intl.formatMessage({ id: 'auth.verify.checking' });
  // Spec §7.2: a failed verification titles the page "verification failed".
  useDocumentTitle(
    intl.formatMessage({ id: flow.status === 'failed' ? 'auth.verify.failedTitle' : 'auth.verify.checking' }),
  );

  // A token works once: never send it twice (React runs effects twice in development).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    dispatch(flowReset('resendVerification'));
    dispatch(verifyEmailRequested(token));
  }, [dispatch, token]);

  useEffect(() => {
    if (flow.status !== 'succeeded') return;
    dispatch(flowReset('verifyEmail'));
    navigate('/verification-success', { replace: true });
  }, [flow.status, dispatch, navigate]);

  if (flow.status === 'failed') {
    return <VerificationFailed message={flow.message ?? intl.formatMessage({ id: 'errors.INVALID_AUTH_URL' })} />;
  }
  return <SessionSplash label={checking} />;
}
