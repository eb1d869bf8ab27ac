import type { MessageId, RecordingDetailDto } from '@tsudoi/common';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import {
  recordingShareRequested,
  recordingUnshareRequested,
  selectRecordings,
  sharePeopleRequested,
} from '../recordings-slice';

/**
 * Who may watch a recording, for its starter and the floor's hosts: the people
 * who were in the room, those it was shared with (each can be taken off), and
 * a picker of the team's other members to share it with.
 */
export function RecordingViewers({ rec }: { rec: RecordingDetailDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { sharePeople } = useAppSelector(selectRecordings);
  const [chosen, setChosen] = useState('');
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useEffect(() => void dispatch(sharePeopleRequested(rec.floorId)), [dispatch, rec.floorId]);
  const viewers = rec.viewers ?? [];
  const taken = new Set([...viewers.map((v) => v.id), rec.startedBy?.id]);
  const candidates = (sharePeople ?? []).filter((p) => !taken.has(p.id));
  return (
    <section className="card viewers-card" aria-label={t('recordings.viewers.title')}>
      <header className="card__header">
        <div>
          <h2 className="card__title">{t('recordings.viewers.title')}</h2>
          <p className="card__note">{t('recordings.viewers.rule')}</p>
        </div>
      </header>
      {viewers.length === 0 ? (
        <p className="card__note">{t('recordings.viewers.none')}</p>
      ) : (
        <ul className="viewers-list">
          {viewers.map((v) => (
            <li key={v.id} className="viewers-list__row" data-viewer={v.id}>
              <span className="viewers-list__name">{v.name}</span>
              <span className={`viewers-list__reason viewers-list__reason--${v.reason}`}>
                {t(`recordings.viewers.reason.${v.reason}`)}
              </span>
              {v.reason === 'shared' && (
                <Button
                  variant="secondary"
                  className="button--danger-text"
                  aria-label={t('recordings.viewers.unshareOne', { name: v.name })}
                  onClick={() => dispatch(recordingUnshareRequested({ id: rec.id, userId: v.id }))}
                >
                  {t('recordings.viewers.unshare')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="viewers-share"
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          dispatch(recordingShareRequested({ id: rec.id, userIds: [Number(chosen)] }));
          setChosen('');
        }}
      >
        <label className="viewers-share__label" htmlFor={`share-${rec.id}`}>
          {t('recordings.viewers.shareWith')}
        </label>
        <select
          id={`share-${rec.id}`}
          className="text-field__input viewers-share__select"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={candidates.length === 0}
        >
          <option value="">
            {sharePeople === null
              ? t('recordings.list.loading')
              : candidates.length
                ? t('recordings.viewers.choose')
                : t('recordings.viewers.nobodyLeft')}
          </option>
          {candidates.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" disabled={!chosen}>
          {t('recordings.viewers.share')}
        </Button>
      </form>
    </section>
  );
}
