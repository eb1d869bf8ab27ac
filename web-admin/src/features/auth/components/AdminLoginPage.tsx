import { useIntl } from 'react-intl';
import logoMark from '@resources/brand/logo-mark.svg';
import { CredentialsForm, loginRequested, selectLoginSubmitting } from '@tsudoi/ui/session';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import './admin-login.css';

/** Operator sign-in at /admin/{key}/login (spec §2); posts to /auth/login/admin. */
export function AdminLoginPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const submitting = useAppSelector(selectLoginSubmitting);
  const title = intl.formatMessage({ id: 'admin.login.title' });
  useDocumentTitle(title);

  return (
    <main className="admin-login">
      <div className="admin-login__brand">
        <img src={logoMark} alt="" width={40} height={40} />
        <span className="admin-login__product">{intl.formatMessage({ id: 'admin.shell.welcome' })}</span>
      </div>
      <section className="admin-login__card" aria-labelledby="admin-login-title">
        <header className="admin-login__header">
          <h1 id="admin-login-title" className="admin-login__title">
            {title}
          </h1>
          <p className="admin-login__subtitle">{intl.formatMessage({ id: 'admin.login.subtitle' })}</p>
        </header>
        <CredentialsForm
          idPrefix="admin-login"
          submitting={submitting}
          submitLabel={intl.formatMessage({ id: 'auth.login.submit' })}
          onSubmit={(credentials) => dispatch(loginRequested(credentials))}
        />
      </section>
    </main>
  );
}
