import type { MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonClassName, useModalDialog } from '@tsudoi/ui/controls';
import type { Removal } from '../live-slice';
import { ExitIcon } from './live-icons';
import '@tsudoi/ui/controls/dialog.css';

/**
 * What a removed person sees (kicked out, dismissed, removed from the participants, or the floor closed):
 * the server's message in their language, and the ways on. The floor page
 * stays behind it, no longer live.
 */
export function RemovalDialog({
  removal,
  landing,
  guest,
}: {
  removal: Removal | null;
  /** The floor page to go back to (an account-less guest's keeps their app_id, else they would land on the login). */
  landing: string;
  guest: boolean;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  // no way to cancel: Escape does nothing, the person picks a way on
  const ref = useModalDialog(removal !== null);

  return (
    <dialog ref={ref} className="dialog removal-dialog" aria-labelledby="removal-title" aria-describedby="removal-text">
      {removal && (
        <div className="dialog__body removal-dialog__body">
          <span className={`removal-dialog__icon removal-dialog__icon--${removal.reason}`} aria-hidden="true">
            <ExitIcon size={26} />
          </span>
          <h2 id="removal-title" className="dialog__title">
            {t(`floors.removed.${removal.reason}`)}
          </h2>
          <p id="removal-text" className="dialog__text">
            {removal.message}
          </p>
          <div className="removal-dialog__actions">
            {/* removed from its participants, a signed-in person has nothing left on the floor page */}
            {(removal.reason !== 'removed' || guest) && (
              <Link className={buttonClassName('primary', true)} to={landing} replace>
                {t('floors.removed.back')}
              </Link>
            )}
            {!guest && (
              <Link
                className={buttonClassName(removal.reason === 'removed' ? 'primary' : 'secondary', true)}
                to="/floors"
                replace
              >
                {t('floors.removed.list')}
              </Link>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
