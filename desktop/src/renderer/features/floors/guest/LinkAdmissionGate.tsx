import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FloorNotFound } from '../components/FloorNotFound';
import { GuestLinkSignedIn } from './GuestLinkSignedIn';
import { linkAdmissionRequested, selectLinkAdmission } from './entry-slice';

/**
 * A signed-in person opening a floor's app_id link (a public floor's invite
 * link): the server admits them first (join-link), then the page loads as
 * usual; a refused link shows why. An invited guest's personal link is never
 * taken by an account: the page offers to sign out and use it as a guest
 * (signed out, the same address shows the guest landing).
 */
export function LinkAdmissionGate({
  floorId,
  appId,
  children,
}: {
  floorId: number;
  appId: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const link = useAppSelector(selectLinkAdmission);
  const mine = link?.floorId === floorId && link.appId === appId;
  useEffect(() => {
    if (!mine && Number.isInteger(floorId) && floorId > 0) dispatch(linkAdmissionRequested({ floorId, appId }));
  }, [mine, floorId, appId, dispatch]);

  if (mine && link.status === 'done') return children;
  if (mine && link.error?.code === 'GUEST_LINK_NOT_FOR_ACCOUNTS')
    return <GuestLinkSignedIn message={link.error.message} />;
  if (mine && link.error) return <FloorNotFound status={link.error.status} message={link.error.message} />;
  return (
    <div className="floor-list__loading" role="status">
      <span className="button__spinner" aria-hidden="true" />
      <span>{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}
