import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { PRODUCT_NAME, type MessageId } from '@tsudoi/common';
import wordmark from '@resources/brand/wordmark.svg';
import { ChatNavBadge } from '../../features/chat';
import { paths } from '../paths';
import { NavIcon } from './nav-icons';
import { LEGAL_LINKS, type MenuItem } from './user-menu';
import './sidebar.css';

/**
 * The default layout's sidebar (spec §2: opens at a width of 1024 or more):
 * the brand, the user menu by role with icons, and the terms of service and
 * privacy policy, which open in a new tab.
 */
export function Sidebar({ items }: { items: MenuItem[] }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <aside className="auth-sidebar">
      <Link className="auth-sidebar__brand" to={paths.home()} aria-label={PRODUCT_NAME}>
        <img src={wordmark} alt={PRODUCT_NAME} width={113} height={30} />
      </Link>
      <nav className="auth-sidebar__nav" aria-label={t('layout.nav.label')}>
        <ul className="auth-sidebar__list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink className="auth-sidebar__link" to={item.to} end={item.end}>
                <NavIcon name={item.icon} />
                <span className="auth-sidebar__label">{t(item.label)}</span>
                {item.to === paths.chat() && <ChatNavBadge />}
              </NavLink>
            </li>
          ))}
        </ul>
        <ul className="auth-sidebar__list auth-sidebar__legal">
          {LEGAL_LINKS.map((link) => (
            <li key={link.href}>
              <a
                className="auth-sidebar__link auth-sidebar__link--small"
                href={link.href}
                target="_blank"
                rel="noopener"
              >
                <span className="auth-sidebar__label">{t(link.label)}</span>
                <span className="visually-hidden"> {t('shell.menu.newTab')}</span>
                <NavIcon name="external" size={14} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="auth-sidebar__copyright">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </aside>
  );
}
