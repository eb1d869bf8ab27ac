import type { MessageId, RecordingDetailDto } from '@tsudoi/common';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, buttonClassName, ConfirmDialog } from '@tsudoi/ui/controls';
import {
  minutesRegenerateRequested,
  recordingDeleteRequested,
  recordingDetailRequested,
  recordingPagesLeft,
  selectRecordings,
  transcriptRegenerateRequested,
} from '../recordings-slice';
import { elapsed } from './RecordingControl';
import { StatusPill } from './StatusPill';
import { RecordingViewers } from './RecordingViewers';
import './recordings.css';
import { paths } from '../../../app/paths';

type T = (id: MessageId, values?: Record<string, string | number>) => string;
const busy = (s: string) => s === 'queued' || s === 'generating';

function Minutes({ rec, t, onRegenerate }: { rec: RecordingDetailDto; t: T; onRegenerate(): void }) {
  const m = rec.minutes;
  const section = (title: MessageId, items: string[], kind: string) => (
    <section className="minutes-section" data-section={kind}>
      <h3 className="minutes-section__title">{t(title)}</h3>
      {items.length ? (
        <ul>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="minutes-section__none">{t('recordings.detail.none')}</p>
      )}
    </section>
  );
  return (
    <section className="card minutes-card" aria-label={t('recordings.detail.minutes')}>
      <header className="card__header">
        <h2 className="card__title">{t('recordings.detail.minutes')}</h2>
        <div className="rec-card-actions">
          <StatusPill kind="minutes" status={rec.minutesStatus} />
          {rec.mayManage && rec.transcriptStatus === 'ready' && (
            <Button variant="secondary" busy={busy(rec.minutesStatus)} onClick={onRegenerate}>
              {t('recordings.detail.regenerate')}
            </Button>
          )}
        </div>
      </header>
      {m && rec.minutesStatus === 'ready' ? (
        <div className="minutes-grid">
          {section('recordings.minutes.summary', m.summary, 'summary')}
          {section('recordings.minutes.decisions', m.decisions, 'decisions')}
          {section('recordings.minutes.actionItems', m.actionItems, 'actionItems')}
        </div>
      ) : (
        <p className="card__note">{t(`recordings.detail.minutesState.${rec.minutesStatus}` as MessageId)}</p>
      )}
    </section>
  );
}

/** /floors/{id}/recordings/{recordingId}: the recording, its minutes and its timed transcript. */
export function RecordingDetailPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = useParams();
  const floorId = Number(params.id);
  const id = Number(params.recordingId);
  const { detail } = useAppSelector(selectRecordings);
  const video = useRef<HTMLVideoElement>(null);
  const [confirm, setConfirm] = useState(false);
  const link = detail.id === id ? detail.link : null;
  const linkUrl = link ? `/api${link.url}` : null;
  /**
   * The player's source: the first link; a newer one only when the player
   * needs it (its link ended mid-play and a seek or a range request failed).
   */
  const [source, setSource] = useState<{ id: number; url: string } | null>(null);
  if (linkUrl && source?.id !== id) setSource({ id, url: linkUrl });
  const src = source?.id === id ? source.url : null;
  const resumeAt = useRef(0);
  const t: T = (key, values) => intl.formatMessage({ id: key }, values);
  useEffect(() => {
    dispatch(recordingDetailRequested(id));
    return () => void dispatch(recordingPagesLeft());
  }, [dispatch, id]);
  const rec = detail.id === id ? detail.item : null;
  if (!rec)
    return (
      <div className="page recordings-page">
        <p className="recordings-empty" role="status">
          {detail.status === 'failed' ? t('errors.RECORDING_NOT_FOUND') : t('recordings.list.loading')}
        </p>
        <Link className={buttonClassName('secondary')} to={paths.floorRecordings(floorId)}>
          {t('recordings.detail.back')}
        </Link>
      </div>
    );
  const seek = (ms: number) => {
    if (!video.current) return;
    video.current.currentTime = ms / 1000;
    void video.current.play().catch(() => undefined);
  };
  const renew = () => {
    if (!linkUrl || linkUrl === src) return;
    resumeAt.current = video.current?.currentTime ?? 0;
    setSource({ id, url: linkUrl });
  };
  const languages = rec.transcriptEngine.languages.map((l) => t(`recordings.language.${l}` as MessageId)).join(' / ');
  return (
    <div className="page recordings-page recording-detail">
      <header className="page-header">
        <div>
          <p className="recording-detail__crumb">
            <Link to={paths.floorRecordings(floorId)}>← {t('recordings.detail.back')}</Link>
          </p>
          <h1 className="page-header__title">{rec.roomName}</h1>
          <p className="page-header__subtitle">
            {rec.floorName} ·{' '}
            {intl.formatDate(rec.startedAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })}
            {rec.durationMs !== null && ` · ${elapsed(rec.durationMs)}`}
          </p>
        </div>
        <div className="rec-card-actions">
          {rec.status === 'ready' && linkUrl && (
            <a className={buttonClassName('secondary')} href={linkUrl} download={`recording-${rec.id}.webm`}>
              {t('recordings.detail.download')}
            </a>
          )}
          {rec.mayManage && (
            <Button variant="secondary" className="button--danger-text" onClick={() => setConfirm(true)}>
              {t('recordings.detail.delete')}
            </Button>
          )}
        </div>
      </header>

      {rec.interrupted && (
        <p className="recording-detail__interrupted" role="note">
          {t('recordings.detail.interrupted')}
        </p>
      )}
      {rec.gaps.map((gap) => (
        <p key={gap.startMs} className="recording-detail__interrupted recording-detail__gap" role="note">
          {t('recordings.detail.gap', { from: elapsed(gap.startMs), to: elapsed(gap.endMs) })}
        </p>
      ))}
      {rec.status === 'ready' ? (
        <video
          ref={video}
          className="recording-player"
          controls
          preload="metadata"
          src={src ?? undefined}
          onError={renew}
          onLoadedMetadata={() => {
            if (video.current && resumeAt.current > 0) video.current.currentTime = resumeAt.current;
            resumeAt.current = 0;
          }}
        />
      ) : (
        <section className="card recording-player recording-player--waiting">
          <StatusPill kind="file" status={rec.status} />
        </section>
      )}

      <Minutes rec={rec} t={t} onRegenerate={() => dispatch(minutesRegenerateRequested(rec.id))} />

      <section className="card transcript-card" aria-label={t('recordings.detail.transcript')}>
        <header className="card__header">
          <div>
            <h2 className="card__title">{t('recordings.detail.transcript')}</h2>
            <p className="card__note transcript-card__engine">
              {t('recordings.detail.engine', {
                engine: t(`recordings.engine.${rec.transcriptEngine.name}` as MessageId),
                languages,
              })}
            </p>
            {!rec.transcriptEngine.languages.includes('ja') && (
              // a Japanese meeting gets no transcript from an English-only engine: say so, and what to do
              <p className="card__note transcript-card__hint" data-testid="transcript-language-hint">
                {t('recordings.detail.japaneseHint')}
              </p>
            )}
          </div>
          <div className="rec-card-actions">
            <StatusPill kind="transcript" status={rec.transcriptStatus} />
            {rec.mayManage && rec.status === 'ready' && (
              <Button
                variant="secondary"
                busy={busy(rec.transcriptStatus)}
                onClick={() => dispatch(transcriptRegenerateRequested(rec.id))}
              >
                {t('recordings.detail.regenerate')}
              </Button>
            )}
          </div>
        </header>
        {rec.transcriptStatus === 'ready' && rec.transcript ? (
          <ol className="transcript">
            {rec.transcript.map((s, i) => (
              <li key={i} className="transcript__line">
                <button type="button" className="transcript__time" onClick={() => seek(s.startMs)}>
                  {elapsed(s.startMs)}
                </button>
                <div>
                  {s.speakerName && <p className="transcript__speaker">{s.speakerName}</p>}
                  <p className="transcript__text">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="card__note">{t(`recordings.detail.transcriptState.${rec.transcriptStatus}` as MessageId)}</p>
        )}
      </section>

      {rec.mayManage && <RecordingViewers rec={rec} />}

      <ConfirmDialog
        open={confirm}
        danger
        title={t('recordings.detail.deleteTitle')}
        confirmLabel={t('recordings.detail.delete')}
        cancelLabel={t('recordings.detail.cancel')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          dispatch(recordingDeleteRequested(rec.id));
          void navigate(paths.floorRecordings(floorId));
        }}
      >
        {t('recordings.detail.deleteBody')}
      </ConfirmDialog>
    </div>
  );
}
