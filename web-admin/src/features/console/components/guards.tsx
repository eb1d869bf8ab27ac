import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useParams } from 'react-router';
import {
  SessionProblem,
  SessionSplash,
  selectCurrentUser,
  selectIsSignedIn,
  selectSessionChecked,
  selectSessionError,
  sessionReset,
} from '@tsudoi/ui/session';
import { notify } from '@tsudoi/ui/notifications';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';

/** /admin/{key} — the console's home (spec §2: /admin/secret with the default key). */
export const useAdminBase = () => `/admin/${encodeURIComponent(useParams().key ?? '')}`;

/**
 * Platform admins only (spec §2, admin-only guard): signed out → the admin
 * login; a user account's token (type user) is refused: the session is
 * forgotten and the login says why.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const base = useAdminBase();
  const signedIn = useAppSelector(selectIsSignedIn);
  const checked = useAppSelector(selectSessionChecked);
  const problem = useAppSelector(selectSessionError);
  const user = useAppSelector(selectCurrentUser);
  const notAdmin = checked && user !== null && user.type !== 'admin';
  useEffect(() => {
    if (!notAdmin) return;
    dispatch(sessionReset());
    dispatch(notify({ kind: 'error', message: intl.formatMessage({ id: 'adminConsole.notAdmin' }) }));
  }, [notAdmin, dispatch, intl]);
  if (!signedIn) return <Navigate to={`${base}/login`} replace />;
  if (!checked || notAdmin || !user) return problem ? <SessionProblem message={problem} /> : <SessionSplash />;
  return children ?? <Outlet />;
}

/** The admin login: a signed-in admin goes to the admin home (spec §2, redirect-if-logged-in for admins). */
export function AdminGuestOnly({ children }: { children?: ReactNode }) {
  const base = useAdminBase();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  if (signedIn && (user === null || user.type === 'admin')) return <Navigate to={base} replace />;
  return children ?? <Outlet />;
}
