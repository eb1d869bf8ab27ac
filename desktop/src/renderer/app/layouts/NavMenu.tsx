import { useId } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import { ChatNavBadge, selectUnreadTotal } from '../../features/chat';
import { usePopup } from '@tsudoi/ui/controls';
import { useAppSelector } from '../hooks';
import { paths } from '../paths';
import { NavIcon } from './nav-icons';
import type { MenuItem } from './user-menu';
import './sidebar.css';
import './nav-menu.css';

/**
 * The user menu on a phone (up to PHONE_MEDIA): a menu button beside the
 * brand opens it as a popup with the sidebar's icons, so the top bar stays
 * one row (the tabs took a second row, and ja labels are long). The button
 * carries a dot, and its label the count, while chat messages are unread.
 */
export function NavMenu({ items }: { items: MenuItem[] }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { open, setOpen, root } = usePopup();
  const popupId = useId();
  const unread = useAppSelector(selectUnreadTotal);
  const label =
    unread > 0
      ? `${t('layout.nav.menu')} (${intl.formatMessage({ id: 'chat.list.unread' }, { count: unread })})`
      : t('layout.nav.menu');

  return (
    <div className="nav-menu" ref={root}>
      <button
        type="button"
        className="nav-menu__button"
        aria-expanded={open}
        aria-controls={popupId}
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        <NavIcon name="menu" size={22} />
        {unread > 0 && <span className="nav-menu__dot" aria-hidden="true" />}
      </button>
      {open && (
        <nav id={popupId} className="nav-menu__popup popup-panel" aria-label={t('layout.nav.label')}>
          <ul className="nav-menu__list">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink className="nav-menu__link" to={item.to} end={item.end} onClick={() => setOpen(false)}>
                  <NavIcon name={item.icon} />
                  <span className="nav-menu__label">{t(item.label)}</span>
                  {item.to === paths.chat() && <ChatNavBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
