import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@tsudoi/common';
import officeFloor from '@resources/backgrounds/office-floor.svg';
import wordmarkInverse from '@resources/brand/wordmark-inverse.svg';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { loginRequested, selectLoginSubmitting } from '../slice';
import { CredentialsForm } from './CredentialsForm';
import { SocialButtons } from './SocialButtons';
import './login.css';

/** The first screen (spec §2 /login): brand panel beside the sign-in card, stacked on phones. */
export function LoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const submitting = useAppSelector(selectLoginSubmitting);
  const title = intl.formatMessage({ id: 'auth.login.title' });
  useDocumentTitle(title);

  return (
    <div className="login">
      <aside className="login-brand">
        <img className="login-brand__logo" src={wordmarkInverse} alt={PRODUCT_NAME} width={147} height={39} />
        <div className="login-brand__body">
          <div className="login-brand__pitch">
            <p className="login-brand__tagline">{intl.formatMessage({ id: 'auth.login.tagline' })}</p>
            <p className="login-brand__detail">{intl.formatMessage({ id: 'auth.login.taglineDetail' })}</p>
          </div>
          <img className="login-brand__art" src={officeFloor} alt="" width={640} height={440} />
        </div>
      </aside>

      <main className="login-main">
        <section className="login-card" aria-labelledby="login-title">
          <header className="login-card__header">
            <h1 id="login-title" className="login-card__title">
              {title}
            </h1>
            <p className="login-card__subtitle">{intl.formatMessage({ id: 'auth.login.subtitle' })}</p>
          </header>

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

          <div className="login-card__divider" role="separator">
            <span>{intl.formatMessage({ id: 'auth.login.orContinueWith' })}</span>
          </div>

          <SocialButtons />

          <p className="login-card__signup">
            {intl.formatMessage({ id: 'auth.login.noAccount' })}{' '}
            <Link className="link" to="/signup">
              {intl.formatMessage({ id: 'auth.login.signup' })}
            </Link>
          </p>
        </section>
      </main>
    </div>
  );
}
