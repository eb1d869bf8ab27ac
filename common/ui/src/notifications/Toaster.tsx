import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { AlertIcon, CheckCircleIcon, CloseIcon } from '../controls/icons';
import { Button } from '../controls/Button';
import { useModalDialog } from '../controls/use-modal-dialog';
import { dismissed, selectNotifications } from './slice';
import './toaster.css';

/** Renders the success, warning and error notifications; mount once per app. */
export function Toaster() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const notifications = useSelector(selectNotifications);
  const closeLabel = intl.formatMessage({ id: 'common.notification.close' });
  const dialog = notifications.find((n) => n.dialog);
  return (
    <>
      {/* outside the toaster: its box lets pointer events through to the page */}
      <ErrorDialog
        message={dialog?.message ?? null}
        title={intl.formatMessage({ id: 'common.errorDialog.title' })}
        closeLabel={intl.formatMessage({ id: 'common.ok' })}
        onClose={() => dialog && dispatch(dismissed(dialog.id))}
      />
      <div className="toaster">
        {notifications
          .filter((n) => !n.dialog)
          .map(({ id, kind, message, link }) => (
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
    </>
  );
}

/** A server that answered above 500: its status text in a modal dialog, until the person closes it. */
function ErrorDialog(props: { message: string | null; title: string; closeLabel: string; onClose(): void }) {
  const ref = useModalDialog(props.message !== null, props.onClose, { backdrop: true });
  return (
    <dialog ref={ref} className="dialog" role="alertdialog" aria-label={props.title}>
      <div className="dialog__body">
        <h2 className="dialog__title">
          <AlertIcon className="toast__icon" /> {props.title}
        </h2>
        <p className="dialog__text">{props.message}</p>
        <div className="dialog__actions">
          <Button onClick={props.onClose} autoFocus>
            {props.closeLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
