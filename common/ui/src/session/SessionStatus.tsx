import { useIntl } from 'react-intl';
import { PRODUCT_NAME } from '@tsudoi/common';
import logoMark from '@resources/brand/logo-mark.svg';
import { useDispatch } from 'react-redux';
import { Button } from '../controls/Button';
import { AlertIcon } from '../controls/icons';
import { logoutRequested, sessionCheckRequested } from './slice';
import './session-status.css';

/** Shown while a call decides what comes next (the start-up /auth/me, a link's token). */
export function SessionSplash({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <div className="session-status" role="status" aria-live="polite">
      <img className="session-status__logo" src={logoMark} alt={PRODUCT_NAME} width={48} height={48} />
      <span className="session-status__spinner" aria-hidden="true" />
      <span className={label ? 'session-status__label' : 'visually-hidden'}>
        {label ?? intl.formatMessage({ id: 'auth.session.loading' })}
      </span>
    </div>
  );
}

/** /auth/me failed without a 401 (offline, server down): say why, offer a retry or signing out. */
export function SessionProblem({ message }: { message: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  return (
    <div className="session-status">
      <div className="session-status__card" role="alert">
        <AlertIcon size={32} className="session-status__icon" />
        <h1 className="session-status__title">{intl.formatMessage({ id: 'auth.session.problemTitle' })}</h1>
        <p className="session-status__message">{message}</p>
        <div className="session-status__actions">
          <Button onClick={() => dispatch(sessionCheckRequested())}>
            {intl.formatMessage({ id: 'auth.session.retry' })}
          </Button>
          <Button variant="secondary" onClick={() => dispatch(logoutRequested())}>
            {intl.formatMessage({ id: 'auth.logout.button' })}
          </Button>
        </div>
      </div>
    </div>
  );
}
