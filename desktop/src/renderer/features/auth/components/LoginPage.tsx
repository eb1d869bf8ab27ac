import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageId, isErrorCode } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { notify } from '@tsudoi/ui/notifications';
import { loginRequested, selectLoginSubmitting, CredentialsForm } from '@tsudoi/ui/session';
import { AuthCardHeader, AuthShell } from './AuthShell';
import { SessionNoticeBanner } from './SessionNotice';
import { SocialButtons } from './SocialButtons';

/** The server sends a failed social sign-in back as /login?socialError=CODE (spec §7.2: error, then login). */
function useSocialError() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const code = params.get('socialError');
  useEffect(() => {
    if (code === null) return;
    const id = isErrorCode(code) ? errorMessageId(code) : 'errors.LOGIN_UNKNOWN_ERROR';
    dispatch(notify({ kind: 'error', message: intl.formatMessage({ id }) }));
    navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
  }, [code, dispatch, intl, navigate, location.pathname, location.state]);
}

/** The first screen (spec §2 /login): brand panel beside the sign-in card, stacked on phones. */
export function LoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const submitting = useAppSelector(selectLoginSubmitting);
  const title = intl.formatMessage({ id: 'auth.login.title' });
  useDocumentTitle(title);
  useSocialError();

  return (
    <AuthShell labelledBy="login-title">
      <AuthCardHeader id="login-title" title={title} subtitle={intl.formatMessage({ id: 'auth.login.subtitle' })} />
      <SessionNoticeBanner />

      <CredentialsForm
        idPrefix="login"
        submitting={submitting}
        submitLabel={intl.formatMessage({ id: 'auth.login.submit' })}
        onSubmit={(credentials) => dispatch(loginRequested(credentials))}
        passwordAside={
          <Link className="link login-card__forgot" to="/password/forgot">
            {intl.formatMessage({ id: 'auth.login.forgot' })}
          </Link>
        }
      />

      <SocialButtons />

      <p className="login-card__signup">
        {intl.formatMessage({ id: 'auth.login.noAccount' })}{' '}
        <Link className="link" to="/signup">
          {intl.formatMessage({ id: 'auth.login.signup' })}
        </Link>
      </p>
    </AuthShell>
  );
}
