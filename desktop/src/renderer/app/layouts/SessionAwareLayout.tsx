import { selectIsSignedIn, selectSessionError, SessionProblem } from '../../features/auth';
import { useAppSelector } from '../hooks';
import { AuthLayout } from './AuthLayout';
import { NoAuthLayout } from '@tsudoi/ui/layouts';

/**
 * Pages open to everyone (the invitation link): the signed-in header when
 * signed in, else the no-auth frame. When the start-up /auth/me failed
 * without a 401 (offline, server down) the retry panel shows, as on guarded
 * pages, instead of a spinner that never ends.
 */
export function SessionAwareLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const problem = useAppSelector(selectSessionError);
  if (signedIn && problem) return <SessionProblem message={problem} />;
  return signedIn ? <AuthLayout /> : <NoAuthLayout />;
}
