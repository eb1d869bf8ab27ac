import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { MessageId, UserDto } from '@tsudoi/common';
import { Avatar } from '../controls/Avatar';
import { ConfirmDialog } from '../controls/ConfirmDialog';
import { ChevronDownIcon } from '../controls/icons';
import { usePopup } from '../controls/use-popup';
import { logoutRequested } from './slice';

/** The words of the logout item and its confirmation (the floor app's and the console's differ). */
export interface LogoutWords {
  item: MessageId;
  title: MessageId;
  confirm: MessageId;
  text: MessageId;
}

/**
 * The avatar button and its popup (spec §2) in both apps: who is signed in,
 * the app's own entries (`children`, given a `close` for links), and logout
 * after a confirmation. `sizes`: the avatar in the button and in the popup.
 */
export function AvatarMenu({
  user,
  logout,
  className,
  sizes = [36, 48],
  children,
}: {
  user: Pick<UserDto, 'name' | 'email' | 'avatarImageUrl' | 'avatarColor'>;
  logout: LogoutWords;
  className?: string;
  sizes?: [number, number];
  children: (close: () => void) => ReactNode;
}) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { open, setOpen, root } = usePopup();
  const [confirming, setConfirming] = useState(false);
  const popupId = useId();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const close = () => setOpen(false);

  return (
    <div className={`avatar-menu${className ? ` ${className}` : ''}`} ref={root}>
      <button
        type="button"
        className="avatar-menu__button"
        aria-expanded={open}
        aria-controls={popupId}
        aria-label={t('layout.avatar.open')}
        onClick={() => setOpen(!open)}
      >
        <Avatar name={user.name} imageUrl={user.avatarImageUrl} color={user.avatarColor} size={sizes[0]} />
        <span className="avatar-menu__name">{user.name}</span>
        <ChevronDownIcon className="avatar-menu__chevron" />
      </button>
      {open && (
        <div className="avatar-menu__popup" id={popupId}>
          <div className="avatar-menu__who">
            <Avatar name={user.name} imageUrl={user.avatarImageUrl} color={user.avatarColor} size={sizes[1]} />
            <div className="avatar-menu__identity">
              <p className="avatar-menu__who-name">{user.name}</p>
              <p className="avatar-menu__who-email">{user.email}</p>
            </div>
          </div>
          {children(close)}
          <button type="button" className="avatar-menu__item avatar-menu__logout" onClick={() => setConfirming(true)}>
            {t(logout.item)}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t(logout.title)}
        confirmLabel={t(logout.confirm)}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          close();
          dispatch(logoutRequested());
        }}
      >
        {t(logout.text)}
      </ConfirmDialog>
    </div>
  );
}
