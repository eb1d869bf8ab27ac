import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId, UserDto } from '@tsudoi/common';
import { LanguageSelector } from '@tsudoi/ui/i18n';
import { AvatarMenu as KitAvatarMenu } from '@tsudoi/ui/session';
import { LEGAL_LINKS } from './user-menu';

const LOGOUT = {
  item: 'layout.avatar.logout',
  title: 'layout.logout.title',
  confirm: 'layout.logout.confirm',
  text: 'layout.logout.text',
} as const;

/**
 * The floor app's avatar menu (spec §2): profile, the owner's plan,
 * language and logout; `legal`: also the terms and the privacy policy (when
 * no sidebar shows them).
 */
export function AvatarMenu({ user, legal = true }: { user: UserDto; legal?: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <KitAvatarMenu user={user} logout={LOGOUT}>
      {(close) => (
        <>
          <Link className="avatar-menu__item" to="/profile" onClick={close}>
            {t('layout.avatar.profile')}
          </Link>
          {user.employeeRole === 'OWNER' && (
            <Link className="avatar-menu__item" to="/plan" onClick={close}>
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
        </>
      )}
    </KitAvatarMenu>
  );
}
