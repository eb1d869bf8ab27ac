import { Navigate, useParams } from 'react-router';
import { RequireUser } from '../../auth';
import { AuthLayout } from '../../../app/layouts/AuthLayout';
import { FloorLandingPage } from '../components/FloorLandingPage';
import { FloorLivePage } from '../components/FloorLivePage';
import { GuestFloorLanding } from './GuestFloorLanding';
import { GuestLayout } from './GuestLayout';
import { guestSessions } from './guest-sessions';
import { useGuestLink } from './use-guest';

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

/** /floors/{id}: the landing page, or the guest landing with the display-name dialog. */
export function FloorLandingRoute() {
  const appId = useGuestLink();
  return appId ? <GuestFloorLanding key={appId} appId={appId} /> : <FloorLandingPage />;
}

/** /floors/{id}/live: a guest without a session for this floor is sent to the landing to give their name. */
export function FloorLiveRoute() {
  const appId = useGuestLink();
  const id = Number(useParams().id);
  if (appId && !guestSessions.read(id))
    return <Navigate to={`/floors/${id}?app_id=${encodeURIComponent(appId)}`} replace />;
  return <FloorLivePage />;
}
