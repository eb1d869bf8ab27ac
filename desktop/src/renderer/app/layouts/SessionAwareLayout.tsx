import { selectIsSignedIn } from '../../features/auth';
import { useAppSelector } from '../hooks';
import { AuthLayout } from './AuthLayout';
import { NoAuthLayout } from './NoAuthLayout';

/** Pages open to everyone (the invitation link): the signed-in header when signed in, else the no-auth frame. */
export function SessionAwareLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return signedIn ? <AuthLayout /> : <NoAuthLayout />;
}
