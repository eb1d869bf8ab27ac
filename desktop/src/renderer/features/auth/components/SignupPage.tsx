import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { flowReset, selectFlow, signupRequested } from '../flows/slice';
import { AuthCardHeader, AuthShell } from './AuthShell';
import { SignupForm } from './SignupForm';

const selectSignup = selectFlow('signup');

/** /signup (spec §2, optional ?email= prefills): creates the account and signs in; verification follows. */
export function SignupPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectSignup);
  const [params] = useSearchParams();
  const title = intl.formatMessage({ id: 'auth.signup.title' });
  useDocumentTitle(title);

  useEffect(() => {
    dispatch(flowReset('signup'));
  }, [dispatch]);

  return (
    <AuthShell labelledBy="signup-title">
      <AuthCardHeader id="signup-title" title={title} subtitle={intl.formatMessage({ id: 'auth.signup.subtitle' })} />
      <SignupForm
        initialEmail={params.get('email') ?? ''}
        submitting={flow.status === 'pending'}
        serverFields={flow.status === 'failed' ? flow.fields : undefined}
        onSubmit={({ name, email, password, passwordConfirmation, agreeTerms }) =>
          dispatch(
            signupRequested({
              name: name.trim(),
              email: email.trim(),
              password,
              passwordConfirmation,
              agreeTerms,
              locale: intl.locale === 'en' ? 'en' : 'ja',
            }),
          )
        }
      />
      <p className="login-card__signup">
        {intl.formatMessage({ id: 'auth.signup.haveAccount' })}{' '}
        <Link className="link" to="/login">
          {intl.formatMessage({ id: 'auth.signup.login' })}
        </Link>
      </p>
    </AuthShell>
  );
}
