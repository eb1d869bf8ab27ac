import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { selectChat } from '../../chat';
import { ConfirmDialog } from '@tsudoi/ui/controls';

/** How long a lost connection may last before the dialog asks (Socket.IO retries every second meanwhile). */
export const RECONNECT_GRACE_MS = 4000;

/**
 * The network-disconnected dialog (calls spec §8.3): when the live
 * connection stays lost, offer to reload the page. It closes by itself
 * once the socket is back.
 */
export function ReconnectDialog({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const intl = useIntl();
  const { connection } = useAppSelector(selectChat);
  const [state, setState] = useState({ lost: false, dismissed: false });

  useEffect(() => {
    if (connection !== 'reconnecting') return;
    const lost = () => setState({ lost: true, dismissed: false });
    const timer = window.setTimeout(lost, RECONNECT_GRACE_MS);
    window.addEventListener('offline', lost);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', lost);
      // back online (or closed on purpose): the next loss starts a new grace period
      setState({ lost: false, dismissed: false });
    };
  }, [connection]);

  return (
    <ConfirmDialog
      open={connection === 'reconnecting' && state.lost && !state.dismissed}
      title={intl.formatMessage({ id: 'shell.reconnect.title' })}
      confirmLabel={intl.formatMessage({ id: 'shell.reconnect.reload' })}
      cancelLabel={intl.formatMessage({ id: 'shell.reconnect.wait' })}
      onConfirm={reload}
      onCancel={() => setState({ lost: true, dismissed: true })}
    >
      {intl.formatMessage({ id: 'shell.reconnect.text' })}
    </ConfirmDialog>
  );
}
