import { useId, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import logoMark from '@resources/brand/logo-mark.svg';
import { AvatarMenu, selectCurrentUser } from '@tsudoi/ui/session';
import { LanguageSelector } from '@tsudoi/ui/i18n';
import { useMediaQuery } from '@tsudoi/ui/controls';
import { useAppSelector } from '../../../app/hooks';
import { useAdminBase } from './guards';
import {
  BuildingIcon,
  ClockIcon,
  DashboardIcon,
  DiskIcon,
  FloorIcon,
  ListIcon,
  MenuIcon,
  ShieldIcon,
  TicketIcon,
  UsersIcon,
  MailIcon,
} from './nav-icons';
import '@tsudoi/ui/layouts/auth-layout.css';
import './admin-layout.css';

/** The admin menu (spec §2): name, target, icon. The first five are the spec's; the rest serve the same operators. */
export const ADMIN_NAV: { name: MessageId; target: string; icon: ComponentType; end?: boolean }[] = [
  { name: 'adminConsole.nav.dashboard', target: '', icon: DashboardIcon, end: true },
  { name: 'adminConsole.nav.users', target: 'users', icon: UsersIcon },
  { name: 'adminConsole.nav.admins', target: 'admins', icon: ShieldIcon },
  { name: 'adminConsole.nav.companies', target: 'companies', icon: BuildingIcon },
  { name: 'adminConsole.nav.floors', target: 'floors', icon: FloorIcon },
  { name: 'adminConsole.nav.floorTimeRecords', target: 'floor_time_records', icon: ClockIcon },
  { name: 'adminConsole.nav.participants', target: 'participants', icon: TicketIcon },
  { name: 'adminConsole.nav.inquiries', target: 'inquiries', icon: MailIcon },
  { name: 'adminConsole.nav.audit', target: 'audit', icon: ListIcon },
  { name: 'adminConsole.nav.storage', target: 'storage', icon: DiskIcon },
];

/** Where the sidebar stays open (spec §9.1: width 1024 or more); narrower, it is an overlay. */
const WIDE = '(min-width: 1024px)';

/**
 * The admin layout (spec §2): a sidebar with the admin menu; a top bar with
 * the menu toggle, the language selector and the avatar (profile, logout with
 * confirmation). On a phone the sidebar opens over the page and a tap on the
 * overlay (or a menu choice) closes it.
 */
export function AdminLayout() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const base = useAdminBase();
  const wide = useMediaQuery(WIDE);
  const location = useLocation();
  const sidebarId = useId();
  const [open, setOpen] = useState(wide);
  // open when the window becomes wide, closed when it becomes narrow; a menu choice on a phone closes it
  const [seen, setSeen] = useState({ wide, path: location.pathname });
  if (seen.wide !== wide || seen.path !== location.pathname) {
    setSeen({ wide, path: location.pathname });
    setOpen(seen.wide !== wide ? wide : wide && open);
  }

  return (
    <div className={`admin-shell${open ? ' admin-shell--open' : ''}${wide ? ' admin-shell--wide' : ''}`}>
      <aside id={sidebarId} className="admin-sidebar" aria-label={t('adminConsole.nav.label')} hidden={!open}>
        <Link className="admin-sidebar__brand" to={base}>
          <img src={logoMark} alt="" width={32} height={32} />
          <span>{t('admin.shell.welcome')}</span>
        </Link>
        <nav>
          <ul className="admin-nav">
            {ADMIN_NAV.map(({ name, target, icon: Icon, end }) => (
              <li key={name}>
                <NavLink className="admin-nav__link" to={target ? `${base}/${target}` : base} end={end}>
                  <Icon />
                  <span>{t(name)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {open && !wide && (
        <div className="admin-overlay" data-testid="admin-overlay" onClick={() => setOpen(false)} aria-hidden="true" />
      )}
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="admin-topbar__toggle"
            aria-controls={sidebarId}
            aria-expanded={open}
            aria-label={t(open ? 'adminConsole.topbar.closeMenu' : 'adminConsole.topbar.openMenu')}
            onClick={() => setOpen(!open)}
          >
            <MenuIcon />
          </button>
          <div className="admin-topbar__spacer" />
          <LanguageSelector />
          <AdminAvatarMenu />
        </header>
        <main className="admin-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

const LOGOUT = {
  item: 'adminConsole.avatar.logout',
  title: 'adminConsole.logout.title',
  confirm: 'adminConsole.avatar.logout',
  text: 'adminConsole.logout.text',
} as const;

/** The avatar and its popup: profile, and logout after a confirmation (target: /admin/{key}/login). */
function AdminAvatarMenu() {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  const base = useAdminBase();
  if (!user) return null;
  return (
    <AvatarMenu user={user} logout={LOGOUT} className="admin-avatar" sizes={[34, 44]}>
      {(close) => (
        <Link className="avatar-menu__item" to={`${base}/profile`} onClick={close}>
          {intl.formatMessage({ id: 'adminConsole.avatar.profile' })}
        </Link>
      )}
    </AvatarMenu>
  );
}
