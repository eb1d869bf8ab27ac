import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { HOME_PATH, LOGIN_PATH, returnPath, VERIFICATION_PROMPT_PATH, type ReturnState } from '../paths';
import {
  selectIsSignedIn,
  selectNeedsVerification,
  selectSessionChecked,
  selectSessionError,
  SessionProblem,
  SessionSplash,
} from '@tsudoi/ui/session';

interface GuardProps {
  /** The guarded content; a layout route renders its child routes when omitted. */
  children?: ReactNode;
}

const content = (children: ReactNode) => children ?? <Outlet />;

/**
 * Signed-in users only (spec §2): signed-out visitors go to /login, which
 * remembers where they were going. Waits for the start-up /auth/me.
 */
export function RequireAuth({ children }: GuardProps) {
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const checked = useAppSelector(selectSessionChecked);
  const problem = useAppSelector(selectSessionError);
  if (!signedIn) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  if (!checked) return <SessionSplash />;
  if (problem) return <SessionProblem message={problem} />;
  return content(children);
}

/** Inside RequireAuth: an account whose e-mail is not verified sees /verification-prompt (spec §2). */
export function RequireVerified({ children }: GuardProps) {
  const needsVerification = useAppSelector(selectNeedsVerification);
  if (needsVerification) return <Navigate to={VERIFICATION_PROMPT_PATH} replace />;
  return content(children);
}

/** Signed in and verified: what most pages need. */
export function RequireUser({ children }: GuardProps) {
  return (
    <RequireAuth>
      <RequireVerified>{content(children)}</RequireVerified>
    </RequireAuth>
  );
}

/** Signed-out visitors only (/login, /signup): a signed-in user goes where they were going, else home. */
export function GuestOnly({ children }: GuardProps) {
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  if (signedIn) return <Navigate to={returnPath(location.state) ?? HOME_PATH} replace />;
  return content(children);
}
