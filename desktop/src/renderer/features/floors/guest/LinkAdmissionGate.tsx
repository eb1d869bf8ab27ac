import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FloorNotFound } from '../components/FloorNotFound';
import { linkAdmissionRequested, selectLinkAdmission } from './entry-slice';

/**
 * A signed-in person opening a floor's app_id link (a public floor's invite
 * link, or their own guest link): the server admits them first (join-link),
 * then the page loads as usual; a refused link shows why.
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
  if (mine && link.error) return <FloorNotFound status={link.error.status} message={link.error.message} />;
  return (
    <div className="floor-list__loading" role="status">
      <span className="button__spinner" aria-hidden="true" />
      <span>{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}
