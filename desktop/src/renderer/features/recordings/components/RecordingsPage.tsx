import type { MessageId, RecordingDto } from '@tsudoi/common';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, buttonClassName } from '@tsudoi/ui/controls';
import { recordingListRequested, recordingPagesLeft, selectRecordings } from '../recordings-slice';
import { elapsed } from './RecordingControl';
import { StatusPill } from './StatusPill';
import './recordings.css';
import { paths } from '../../../app/paths';

const size = (bytes: number | null) =>
  bytes === null
    ? '—'
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** /floors/{id}/recordings: the floor's recordings, newest first, with transcript and minutes progress. */
export function RecordingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const floorId = Number(useParams().id);
  const { list } = useAppSelector(selectRecordings);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useEffect(() => {
    dispatch(recordingListRequested(floorId));
    return () => void dispatch(recordingPagesLeft());
  }, [dispatch, floorId]);
  const items = list.floorId === floorId ? list.items : [];
  const floorName = items[0]?.floorName;
  const when = (r: RecordingDto) =>
    intl.formatDate(r.startedAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
  return (
    <div className="page recordings-page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('recordings.list.title')}</h1>
          <p className="page-header__subtitle">{floorName ?? t('recordings.list.subtitle')}</p>
        </div>
        <Link className={buttonClassName('secondary')} to={paths.floorLive(floorId)}>
          {t('recordings.list.backToFloor')}
        </Link>
      </header>
      {list.status === 'loading' && (
        <p className="recordings-empty" role="status">
          <span className="button__spinner" aria-hidden="true" /> {t('recordings.list.loading')}
        </p>
      )}
      {list.status === 'failed' && <p className="recordings-empty">{t('recordings.list.failed')}</p>}
      {list.status === 'ready' && items.length === 0 && (
        <section className="card recordings-empty-card">
          <p className="card__title">{t('recordings.list.emptyTitle')}</p>
          <p className="card__note">{t('recordings.list.emptyHint')}</p>
        </section>
      )}
      {items.length > 0 && (
        <ul className="recordings-list" aria-label={t('recordings.list.title')}>
          {items.map((r) => (
            <li key={r.id} className="card recording-row" data-recording={r.id}>
              <div className="recording-row__main">
                <Link className="recording-row__title" to={paths.floorRecording(floorId, r.id)}>
                  {r.roomName}
                </Link>
                <p className="recording-row__meta">
                  <span>{when(r)}</span>
                  <span aria-hidden="true">·</span>
                  <span>{r.durationMs !== null ? elapsed(r.durationMs) : '—'}</span>
                  <span aria-hidden="true">·</span>
                  <span>{size(r.size)}</span>
                  {r.startedBy && (
                    <>
                      <span aria-hidden="true">·</span>
                      <span>{t('recordings.list.by', { name: r.startedBy.name })}</span>
                    </>
                  )}
                </p>
              </div>
              <div className="recording-row__states">
                <StatusPill kind="file" status={r.status} />
                <StatusPill kind="transcript" status={r.transcriptStatus} />
                <StatusPill kind="minutes" status={r.minutesStatus} />
              </div>
              <Link
                className={`${buttonClassName('secondary')} recording-row__open`}
                to={paths.floorRecording(floorId, r.id)}
              >
                {t('recordings.list.open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.floorId === floorId && list.pageCount > 1 && (
        <nav className="recordings-pager" aria-label={t('recordings.list.pages')}>
          <Button
            variant="secondary"
            disabled={list.page <= 1}
            onClick={() => dispatch(recordingListRequested(floorId, list.page - 1))}
          >
            {t('recordings.list.previous')}
          </Button>
          <span>{t('recordings.list.page', { page: list.page, pageCount: list.pageCount, total: list.total })}</span>
          <Button
            variant="secondary"
            disabled={list.page >= list.pageCount}
            onClick={() => dispatch(recordingListRequested(floorId, list.page + 1))}
          >
            {t('recordings.list.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
