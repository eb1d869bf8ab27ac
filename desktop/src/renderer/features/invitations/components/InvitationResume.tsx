import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { takeStoredInvitation } from '../stored-invitation';

/**
 * Once a verified user is signed in, opens the invitation link they followed
 * while signed out — only if it is for their e-mail; any other is discarded
 * (spec §4). Mounted by the signed-in layout, where every sign-in lands.
 */
export function InvitationResume() {
  const user = useAppSelector(selectCurrentUser);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const pending = useRef<{ link: string; tries: number } | null>(null);

  useEffect(() => {
    if (!user || user.verifiedAt === null) {
      pending.current = null;
      return;
    }
    if (!pending.current) {
      const link = takeStoredInvitation(window.localStorage, user.email);
      if (link) pending.current = { link, tries: 0 };
    }
    const target = pending.current;
    if (!target) return;
    if (pathname + search === target.link || target.tries >= 3) {
      pending.current = null;
      return;
    }
    target.tries += 1;
    navigate(target.link, { replace: true });
  }, [user, pathname, search, navigate]);

  return null;
}
