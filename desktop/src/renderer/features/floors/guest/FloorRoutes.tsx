import { Navigate, useParams } from 'react-router';
import { RequireUser } from '../../auth';
import { AuthLayout } from '../../../app/layouts/AuthLayout';
import { FloorLandingPage } from '../components/FloorLandingPage';
import { FloorLivePage } from '../components/FloorLivePage';
import { GuestFloorLanding } from './GuestFloorLanding';
import { GuestLayout } from './GuestLayout';
import { guestSessions } from './guest-sessions';
import { LinkAdmissionGate } from './LinkAdmissionGate';
import { useAppIdParam, useGuestLink } from './use-guest';

/**
 * The layout of /floors/{id} and /floors/{id}/live (spec §2): signed-in
 * people get the user layout; a visitor with an app_id link gets the guest
 * layout without an account; anyone else goes to the login.
 */
export function FloorEntryLayout() {
  const appId = useGuestLink();
  if (appId) return <GuestLayout />;
  return (
    <RequireUser>
      <AuthLayout />
    </RequireUser>
  );
}

/** /floors/{id}: the landing page (after the link admits a signed-in person), or the guest landing. */
export function FloorLandingRoute() {
  const guestLink = useGuestLink();
  const appId = useAppIdParam();
  const id = Number(useParams().id);
  if (guestLink) return <GuestFloorLanding key={guestLink} appId={guestLink} />;
  if (appId)
    return (
      <LinkAdmissionGate floorId={id} appId={appId}>
        <FloorLandingPage />
      </LinkAdmissionGate>
    );
  return <FloorLandingPage />;
}

/** /floors/{id}/live: a guest without a session for this floor is sent to the landing to give their name. */
export function FloorLiveRoute() {
  const guestLink = useGuestLink();
  const appId = useAppIdParam();
  const id = Number(useParams().id);
  if (guestLink && !guestSessions.read(id))
    return <Navigate to={`/floors/${id}?app_id=${encodeURIComponent(guestLink)}`} replace />;
  if (appId && !guestLink)
    return (
      <LinkAdmissionGate floorId={id} appId={appId}>
        <FloorLivePage />
      </LinkAdmissionGate>
    );
  return <FloorLivePage />;
}
