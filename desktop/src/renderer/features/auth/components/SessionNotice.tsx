import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { revocationEndsSignIn } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, AlertIcon, CloseIcon } from '@tsudoi/ui/controls';
import { noticeDismissed, selectSessionNotice } from '@tsudoi/ui/session';
import '@tsudoi/ui/controls/dialog.css';
import './session-notice.css';

/**
 * On the login page: why the server signed this browser out (password changed
 * or reset, signed out elsewhere, account deleted), until dismissed or the
 * next sign-in.
 */
export function SessionNoticeBanner() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectSessionNotice);
  if (!notice || !revocationEndsSignIn(notice.reason)) return null;
  return (
    <div className="session-notice" role="status" data-reason={notice.reason}>
      <AlertIcon className="session-notice__icon" size={22} />
      <div className="session-notice__body">
        <p className="session-notice__title">{intl.formatMessage({ id: 'session.notice.signedOutTitle' })}</p>
        <p className="session-notice__text">{notice.message}</p>
      </div>
      <button
        type="button"
        className="session-notice__close"
        aria-label={intl.formatMessage({ id: 'session.notice.dismiss' })}
        onClick={() => dispatch(noticeDismissed())}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * Anywhere in the app: the team was taken away (a team owner or admin removed
 * this person). The page moves to the floor list at once, which no longer
 * holds the team's floors, and this dialog says why.
 */
export function TeamRemovalDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notice = useAppSelector(selectSessionNotice);
  const ref = useRef<HTMLDialogElement>(null);
  const open = notice?.reason === 'removedFromTeam';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      navigate('/floors', { replace: true });
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, navigate]);

  return (
    <dialog
      ref={ref}
      className="dialog session-dialog"
      aria-labelledby="team-removal-title"
      aria-describedby="team-removal-text"
      onCancel={(event) => {
        event.preventDefault();
        dispatch(noticeDismissed());
      }}
    >
      {open && notice && (
        <div className="dialog__body session-dialog__body">
          <span className="session-dialog__icon" aria-hidden="true">
            <AlertIcon size={26} />
          </span>
          <h2 id="team-removal-title" className="dialog__title">
            {intl.formatMessage({ id: 'session.notice.removedTitle' })}
          </h2>
          <p id="team-removal-text" className="dialog__text">
            {notice.message}
          </p>
          <Button block className="session-dialog__action" onClick={() => dispatch(noticeDismissed())}>
            {intl.formatMessage({ id: 'session.notice.toFloors' })}
          </Button>
        </div>
      )}
    </dialog>
  );
}
