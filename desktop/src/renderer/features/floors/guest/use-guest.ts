import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectAccessToken } from '../../auth';

/**
 * The floor page of an account-less guest: nobody is signed in and the URL
 * carries an app_id (spec §2). Signed-in people use their account even with
 * an app_id in the URL.
 */
export function useGuestLink(): string | null {
  const signedIn = useAppSelector(selectAccessToken) !== null;
  const appId = useAppIdParam();
  return !signedIn ? appId : null;
}

/** The app_id of the URL, signed in or not. */
export function useAppIdParam(): string | null {
  const [params] = useSearchParams();
  return params.get('app_id') || null;
}
