import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { PRODUCT_NAME } from '@tsudoi/common';
import wordmark from '@resources/brand/wordmark.svg';
import { LanguageSelector } from '@tsudoi/ui/i18n';
import { guestSessions } from './guest-sessions';
import '@tsudoi/ui/layouts/auth-layout.css';
import './guest.css';

/** The frame of a guest's floor pages (the signed-out frame's background and header): the brand, who they are on this floor, the language; no account menu. */
export function GuestLayout() {
  const intl = useIntl();
  const id = Number(useParams().id);
  useLocation(); // read the session again after each navigation (join-guest writes it)
  const name = guestSessions.read(id)?.name;
  return (
    <div className="auth-layout">
      <header className="auth-header">
        <div className="auth-header__inner guest-header__inner">
          <Link className="auth-header__brand" to="/login" aria-label={PRODUCT_NAME}>
            <img src={wordmark} alt={PRODUCT_NAME} width={113} height={30} />
          </Link>
          <div className="guest-header__end">
            {name && (
              <span className="guest-header__who">{intl.formatMessage({ id: 'floors.guest.you' }, { name })}</span>
            )}
            <LanguageSelector />
          </div>
        </div>
      </header>
      <main className="guest-main">
        <Outlet />
      </main>
    </div>
  );
}
