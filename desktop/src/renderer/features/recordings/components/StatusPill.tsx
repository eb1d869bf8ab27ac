import type { DerivedStatus, MessageId, RecordingStatus } from '@tsudoi/common';
import { useIntl } from 'react-intl';

const TONE: Record<string, string> = {
  recording: 'live',
  processing: 'busy',
  queued: 'busy',
  generating: 'busy',
  ready: 'done',
  empty: 'muted',
  none: 'muted',
  failed: 'failed',
};

/** A recording's, transcript's or minutes' state as a coloured pill (a spinner while in progress). */
export function StatusPill({
  kind,
  status,
}: {
  kind: 'file' | 'transcript' | 'minutes';
  status: DerivedStatus | RecordingStatus;
}) {
  const intl = useIntl();
  const tone = TONE[status] ?? 'muted';
  return (
    <span className={`rec-pill rec-pill--${tone}`} data-kind={kind} data-status={status}>
      {tone === 'busy' && <span className="rec-pill__spinner" aria-hidden="true" />}
      {tone === 'live' && <span className="recording-dot recording-dot--small" aria-hidden="true" />}
      {intl.formatMessage({ id: `recordings.status.${kind}.${status}` as MessageId })}
    </span>
  );
}
