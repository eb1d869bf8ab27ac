import type { MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useNow } from '../../floors/components/use-now';
import { selectLiveFloor } from '../../floors/live-slice';
import { selectMyRoomRecording } from '../recordings-sagas';
import { recordingStartRequested, recordingStopRequested, selectRecordings } from '../recordings-slice';
import './recordings.css';

export const elapsed = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
};

/**
 * The room's recording in the media toolbar: a Record button for who may record
 * (the server checks permission and plan and says why not), and while the room is
 * recorded a red indicator with the elapsed time for everyone in it; the starter's
 * indicator is the Stop button. Recording is desktop only (spec §6, as screen share:
 * record 0432): `offerStart` is false on phones, where only a running recording shows.
 */
export function RecordingControl({ offerStart = true }: { offerStart?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const { busy } = useAppSelector(selectRecordings);
  const recording = useAppSelector(selectMyRoomRecording);
  const now = useNow(recording ? 1000 : 60_000);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const myId = live.me?.userId;
  if (recording) {
    const time = elapsed(now - Date.parse(recording.startedAt));
    const mine = recording.startedBy === myId;
    const indicator = (
      <>
        <span className="recording-dot" aria-hidden="true" />
        <span className="recording-indicator__label">{t('recordings.live.recording')}</span>
        <time className="recording-indicator__time">{time}</time>
      </>
    );
    return mine ? (
      <button
        type="button"
        className="recording-indicator recording-indicator--button"
        aria-busy={busy || undefined}
        title={t('recordings.live.stop')}
        onClick={() => !busy && dispatch(recordingStopRequested())}
      >
        {indicator}
        <span className="recording-indicator__stop">{t('recordings.live.stop')}</span>
      </button>
    ) : (
      <span className="recording-indicator" role="status" title={t('recordings.live.byOther')}>
        {indicator}
      </span>
    );
  }
  // the Record button for who may record (the server checks again, and the plan)
  if (!offerStart || !live.me || live.me.isGuest || !(live.me.isHost || live.me.permissions.recording)) return null;
  return (
    <button
      type="button"
      className="media-button recording-start"
      aria-busy={busy || undefined}
      title={t('recordings.live.start')}
      onClick={() => !busy && dispatch(recordingStartRequested())}
    >
      <span className="recording-start__icon" aria-hidden="true" />
      <span>{t('recordings.live.start')}</span>
    </button>
  );
}
