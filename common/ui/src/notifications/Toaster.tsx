import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { AlertIcon, CheckCircleIcon, CloseIcon } from '../controls/icons';
import { dismissed, selectNotifications } from './slice';
import './toaster.css';

/** Renders the success, warning and error notifications; mount once per app. */
export function Toaster() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const notifications = useSelector(selectNotifications);
  const closeLabel = intl.formatMessage({ id: 'common.notification.close' });
  return (
    <div className="toaster">
      {notifications.map(({ id, kind, message, link }) => (
        <div key={id} className={`toast toast--${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
          {kind === 'success' ? <CheckCircleIcon className="toast__icon" /> : <AlertIcon className="toast__icon" />}
          <p className="toast__message">
            {message}
            {link && (
              <>
                {' '}
                <Link className="toast__link" to={link.to} onClick={() => dispatch(dismissed(id))}>
                  {link.label}
                </Link>
              </>
            )}
          </p>
          <button
            type="button"
            className="toast__close"
            aria-label={closeLabel}
            onClick={() => dispatch(dismissed(id))}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
