import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { type UserDto, type MessageId } from '@tsudoi/common';
import { logoutRequested } from '../../features/auth';
import { LanguageSelector } from '@tsudoi/ui/i18n';
import { Avatar, ConfirmDialog, ChevronDownIcon, usePopup } from '@tsudoi/ui/controls';
import { useAppDispatch } from '../hooks';
import { LEGAL_LINKS } from './user-menu';

/**
 * The avatar button and its popup (spec §2): who is signed in, profile,
 * language, and logout with confirmation; `legal`: also the terms and the
 * privacy policy (when no sidebar shows them).
 */
export function AvatarMenu({ user, legal = true }: { user: UserDto; legal?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { open, setOpen, root } = usePopup();
  const [confirming, setConfirming] = useState(false);
  const popupId = useId();
  const t = (id: MessageId) => intl.formatMessage({ id });

  return (
    <div className="avatar-menu" ref={root}>
      <button
        type="button"
        className="avatar-menu__button"
        aria-expanded={open}
        aria-controls={popupId}
        aria-label={t('layout.avatar.open')}
        onClick={() => setOpen(!open)}
      >
        <Avatar name={user.name} imageUrl={user.avatarImageUrl} color={user.avatarColor} size={36} />
        <span className="avatar-menu__name">{user.name}</span>
        <ChevronDownIcon className="avatar-menu__chevron" />
      </button>
      {open && (
        <div className="avatar-menu__popup" id={popupId}>
          <div className="avatar-menu__who">
            <Avatar name={user.name} imageUrl={user.avatarImageUrl} color={user.avatarColor} size={48} />
            <div className="avatar-menu__identity">
              <p className="avatar-menu__who-name">{user.name}</p>
              <p className="avatar-menu__who-email">{user.email}</p>
            </div>
          </div>
          <Link className="avatar-menu__item" to="/profile" onClick={() => setOpen(false)}>
            {t('layout.avatar.profile')}
          </Link>
          {user.employeeRole === 'OWNER' && (
            <Link className="avatar-menu__item" to="/plan" onClick={() => setOpen(false)}>
              {t('shell.menu.plan')}
            </Link>
          )}
          {legal &&
            LEGAL_LINKS.map((link) => (
              <a key={link.href} className="avatar-menu__item" href={link.href} target="_blank" rel="noopener">
                {t(link.label)}
                <span className="visually-hidden"> {t('shell.menu.newTab')}</span>
              </a>
            ))}
          <div className="avatar-menu__row">
            <span>{t('common.language.label')}</span>
            <LanguageSelector />
          </div>
          <button type="button" className="avatar-menu__item avatar-menu__logout" onClick={() => setConfirming(true)}>
            {t('layout.avatar.logout')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('layout.logout.title')}
        confirmLabel={t('layout.logout.confirm')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setOpen(false);
          dispatch(logoutRequested());
        }}
      >
        {t('layout.logout.text')}
      </ConfirmDialog>
    </div>
  );
}
