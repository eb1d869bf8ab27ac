import type { MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { useState } from 'react';
import { isInside, joinRequested, maySpeakOn, myMembership, selectStage, startRequested } from '../stage-slice';
import { CallPrompt } from './CallPrompt';
import { StageIcon } from './stage-icons';
import './stage.css';

/**
 * Above the floor map: the presentation's announcement with one-click join
 * (as audience; as speaker too with speech or subhost), or a start button
 * for those who may present. Hidden while I am in the presentation.
 */
export function StageBanner() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const stage = useAppSelector(selectStage);
  const [isPrivateRoom, setPrivate] = useState(false);
  const [saveChat, setSaveChat] = useState(false);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const me = live.me;
  if (!me || live.status !== 'joined') return null;
  const p = stage.presentation;
  const canSpeak = maySpeakOn(p?.kind ?? 'presentation', me);
  const canConference = maySpeakOn('conference', me);
  if (p && isInside(p, me.userId)) return null;
  // waiting outside a private presentation, or called to speak
  if (p && myMembership(p, me.userId)) return <CallPrompt presentation={p} />;
  if (!p) {
    if ((!canSpeak && !canConference) || me.isGuest) return null;
    return (
      <div className="stage-banner stage-banner--idle">
        <StageIcon />
        <p className="stage-banner__text" title={t('stage.banner.idle')}>
          {t('stage.banner.idle')}
        </p>
        <label className="stage-banner__private">
          <input type="checkbox" checked={isPrivateRoom} onChange={(e) => setPrivate(e.target.checked)} />
          {t('stage.banner.private')}
        </label>
        <label className="stage-banner__private">
          <input type="checkbox" checked={saveChat} onChange={(e) => setSaveChat(e.target.checked)} />
          {t('stage.banner.saveChat')}
        </label>
        {canSpeak && (
          <Button
            variant="secondary"
            className="stage-banner__button"
            data-tutorial="present"
            busy={stage.busy}
            onClick={() => !stage.busy && dispatch(startRequested({ isPrivateRoom, saveChat }))}
          >
            {t('stage.banner.start')}
          </Button>
        )}
        {canConference && (
          <Button
            variant="secondary"
            className="stage-banner__button"
            busy={stage.busy}
            onClick={() =>
              !stage.busy && dispatch(startRequested({ isPrivateRoom: false, saveChat, kind: 'conference' }))
            }
          >
            {t('stage.banner.startConference')}
          </Button>
        )}
      </div>
    );
  }
  const speakers = p.members.filter((m) => m.role === 'S').length;
  const audience = p.members.filter((m) => m.role === 'A').length;
  return (
    <div className="stage-banner" role="status" aria-live="polite">
      <span className="stage-banner__live">{t('stage.live')}</span>
      <p className="stage-banner__text">
        <strong>
          {t(p.kind === 'conference' ? 'stage.banner.conference' : 'stage.banner.running', { name: p.host.name })}
        </strong>
        {p.isPrivateRoom && <span className="stage-banner__count">{t('stage.banner.privateNote')}</span>}
        <span className="stage-banner__count">{t('stage.banner.count', { speakers, audience })}</span>
      </p>
      <div className="stage-banner__actions">
        {canSpeak && (
          <Button
            variant="secondary"
            className="stage-banner__button"
            busy={stage.busy}
            onClick={() => !stage.busy && dispatch(joinRequested({ role: 'S' }))}
          >
            {t('stage.banner.joinSpeaker')}
          </Button>
        )}
        <Button
          className="stage-banner__button"
          busy={stage.busy}
          onClick={() => !stage.busy && dispatch(joinRequested({ role: 'A' }))}
        >
          {t('stage.banner.joinAudience')}
        </Button>
      </div>
    </div>
  );
}
