import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { notify } from '@tsudoi/ui/notifications';
import { flowReset, selectFlow, socialLoginRequested, type SocialProvider } from '../flows/slice';
import { HOME_PATH } from '../paths';
import { SessionSplash } from '@tsudoi/ui/session';

const selectSocial = selectFlow('socialLogin');
const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * /social/google and /social/facebook: the server sent the browser here with
 * a one-time ticket; exchange it for the session, then go home. Any failure
 * is shown and leads to /login (spec §7.2).
 */
export function SocialCallbackPage({ provider }: { provider: SocialProvider }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const flow = useAppSelector(selectSocial);
  const name = PROVIDER_NAMES[provider];
  const label = intl.formatMessage({ id: 'auth.social.signingIn' }, { provider: name });
  useDocumentTitle(label);

  // A ticket works once: never send it twice (React runs effects twice in development).
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (ticket === null) {
      dispatch(
        notify({ kind: 'error', message: intl.formatMessage({ id: 'auth.social.failed' }, { provider: name }) }),
      );
      navigate('/login', { replace: true });
      return;
    }
    if (sent.current === ticket) return;
    sent.current = ticket;
    dispatch(socialLoginRequested({ provider, ticket }));
  }, [dispatch, intl, name, navigate, provider, ticket]);

  useEffect(() => {
    if (flow.status !== 'succeeded' && flow.status !== 'failed') return;
    dispatch(flowReset('socialLogin'));
    navigate(flow.status === 'succeeded' ? HOME_PATH : '/login', { replace: true });
  }, [dispatch, flow.status, navigate]);

  return <SessionSplash label={label} />;
}
