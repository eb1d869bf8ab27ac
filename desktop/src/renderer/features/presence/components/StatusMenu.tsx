import { PRESENCE_STATUSES, type MessageId, type PresenceStatus } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { activeStatusRequested, selectActiveStatus } from '../slice';
import './status-menu.css';

const LABELS: Record<PresenceStatus, MessageId> = {
  available: 'presence.available',
  busy: 'presence.busy',
  away: 'presence.away',
  meeting: 'presence.meeting',
};

/**
 * The user's own activeStatus on the floor (available, busy, away, in a
 * meeting): a native select for keyboard and screen readers, dressed as a
 * pill with the status colour. The tray and the idle rules change it too.
 */
export function StatusMenu({ disabled = false }: { disabled?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectActiveStatus);
  return (
    <label className={`status-menu status-menu--${status}`}>
      <span className="status-menu__dot" aria-hidden="true" />
      <span className="visually-hidden">{intl.formatMessage({ id: 'presence.label' })}</span>
      <select
        className="status-menu__select"
        value={status}
        disabled={disabled}
        onChange={(event) =>
          dispatch(activeStatusRequested({ status: event.target.value as PresenceStatus, source: 'page' }))
        }
      >
        {PRESENCE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage({ id: LABELS[value] })}
          </option>
        ))}
      </select>
    </label>
  );
}
