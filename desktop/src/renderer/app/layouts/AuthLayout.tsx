import { useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useMatch } from 'react-router';
import { PRODUCT_NAME } from '@tsudoi/common';
import wordmark from '@resources/brand/wordmark.svg';
import { selectCurrentUser } from '../../features/auth';
import { ChatNavBadge } from '../../features/chat';
import { InvitationResume } from '../../features/invitations';
import { ReconnectDialog } from '../../features/shell';
import { useMediaQuery } from '@tsudoi/ui/controls';
import { LanguageToggle } from '@tsudoi/ui/i18n';
import { useAppSelector } from '../hooks';
import { paths } from '../paths';
import { AvatarMenu } from './AvatarMenu';
import { NavMenu } from './NavMenu';
import { Sidebar } from './Sidebar';
import { PHONE_MEDIA, SIDEBAR_MEDIA, userMenu } from './user-menu';
import '@tsudoi/ui/layouts/auth-layout.css';

/**
 * Signed-in pages (spec §2, default layout): from 1024 px a sidebar with the
 * user menu by role and the legal pages, beside a slim top bar with the
 * avatar popup; below that width a top bar with the brand, the menu as tabs
 * and the avatar popup (which then also holds the legal pages); on a phone
 * (PHONE_MEDIA) the tabs fold into a menu button, keeping the bar one row. The live
 * floor keeps the top bar at every width: its map and videos need the whole
 * width (a floor is where people spend the day).
 */
export function AuthLayout() {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  const live = useMatch('/floors/:id/live') !== null;
  const wide = useMediaQuery(SIDEBAR_MEDIA) && !live;
  const phone = useMediaQuery(PHONE_MEDIA);
  const menu = userMenu(user);

  return (
    <div className={wide ? 'auth-layout auth-layout--sidebar' : 'auth-layout'}>
      {wide && <Sidebar items={menu} />}
      <div className="auth-frame">
        <header className="auth-header">
          <div className="auth-header__inner">
            {!wide && (
              <>
                {phone && <NavMenu items={menu} />}
                <Link className="auth-header__brand" to={paths.home()} aria-label={PRODUCT_NAME}>
                  <img src={wordmark} alt={PRODUCT_NAME} width={113} height={30} />
                </Link>
                {!phone && (
                  <nav className="auth-nav" aria-label={intl.formatMessage({ id: 'layout.nav.label' })}>
                    {menu.map((item) => (
                      <NavLink key={item.to} className="auth-nav__link" to={item.to} end={item.end}>
                        {intl.formatMessage({ id: item.label })}
                        {item.to === paths.chat() && <ChatNavBadge />}
                      </NavLink>
                    ))}
                  </nav>
                )}
              </>
            )}
            <LanguageToggle className="auth-header__language" />
            {user && <AvatarMenu user={user} legal={!wide} />}
          </div>
        </header>
        <InvitationResume />
        <ReconnectDialog />
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
    </div>
  );
}
