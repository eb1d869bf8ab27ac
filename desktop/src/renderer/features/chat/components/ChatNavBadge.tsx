import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { selectUnreadTotal } from '../slice';
import './chat.css';

/** The unread total beside the Chat link of the header. */
export function ChatNavBadge() {
  const intl = useIntl();
  const unread = useAppSelector(selectUnreadTotal);
  if (unread === 0) return null;
  return (
    <span
      className="chat-badge chat-badge--nav"
      aria-label={intl.formatMessage({ id: 'chat.list.unread' }, { count: unread })}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
