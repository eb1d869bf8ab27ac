import { useIntl } from 'react-intl';
import { Link, NavLink, Outlet } from 'react-router';
import { PRODUCT_NAME, type MessageId } from '@tsudoi/common';
import wordmark from '@resources/brand/wordmark.svg';
import { selectCurrentUser } from '../../features/auth';
import { ChatNavBadge } from '../../features/chat';
import { InvitationResume } from '../../features/invitations';
import { useAppSelector } from '../hooks';
import { AvatarMenu } from './AvatarMenu';
import './auth-layout.css';

/** Signed-in pages (spec §2, user layout): a header with the brand, the user menu and the avatar popup. */
export function AuthLayout() {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  const hasTeam = user?.employmentCompanyId != null;
  // Hosts (team owners and admins, who create floors) also see their own floors (spec §2 user menu).
  const isHost = user?.employeeRole === 'OWNER' || user?.employeeRole === 'ADMIN';
  const nav: { to: string; label: MessageId; end?: boolean }[] = [
    { to: '/floors', label: 'layout.nav.floors', end: true },
    ...(isHost ? [{ to: '/floors/hosted', label: 'layout.nav.floorsHosted' as const }] : []),
    hasTeam
      ? { to: '/profile/company/edit', label: 'layout.nav.team' }
      : { to: '/company/register', label: 'layout.nav.companyRegister' },
    { to: '/chat', label: 'layout.nav.chat' },
    { to: '/profile', label: 'layout.nav.profile', end: true },
  ];

  return (
    <div className="auth-layout">
      <header className="auth-header">
        <div className="auth-header__inner">
          <Link className="auth-header__brand" to="/profile" aria-label={PRODUCT_NAME}>
            <img src={wordmark} alt={PRODUCT_NAME} width={113} height={30} />
          </Link>
          <nav className="auth-nav" aria-label={intl.formatMessage({ id: 'layout.nav.label' })}>
            {nav.map((item) => (
              <NavLink key={item.to} className="auth-nav__link" to={item.to} end={item.end}>
                {intl.formatMessage({ id: item.label })}
                {item.to === '/chat' && <ChatNavBadge />}
              </NavLink>
            ))}
          </nav>
          {user && <AvatarMenu user={user} />}
        </div>
      </header>
      <InvitationResume />
      <main className="auth-main">
        {user ? (
          <Outlet />
        ) : (
          <div className="auth-main__loading" role="status">
            <span className="button__spinner" aria-hidden="true" />
            <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
          </div>
        )}
      </main>
    </div>
  );
}
