import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { Button, buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { logoutRequested } from '../../auth';

/**
 * An invited guest's personal link opened while signed in: accounts never
 * take a guest link (GUEST_LINK_NOT_FOR_ACCOUNTS). The page says so and
 * offers the way that works: sign out, and the same address shows the
 * guest landing; or back to one's own floors.
 */
export function GuestLinkSignedIn({ message }: { message: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const title = intl.formatMessage({ id: 'floors.link.guestInvitation' });
  useDocumentTitle(title);
  return (
    <div className="page page--narrow">
      <section className="card floor-missing guest-link-signed-in" data-testid="guest-link-signed-in">
        <h1 className="floor-missing__message">{title}</h1>
        <p className="floor-missing__hint">{message}</p>
        <div className="guest-link-signed-in__actions">
          <Button onClick={() => dispatch(logoutRequested())}>
            {intl.formatMessage({ id: 'floors.link.continueAsGuest' })}
          </Button>
          <Link className={buttonClassName('secondary')} to="/floors">
            {intl.formatMessage({ id: 'floors.missing.back' })}
          </Link>
        </div>
      </section>
    </div>
  );
}
