import type { MessageId, PresentationDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { denyRequested, joinRequested, leaveRequested, myMembership, selectStage } from '../stage-slice';
import './requests.css';

/**
 * My open business with the presentation's host: called to speak (join as
 * speaker or decline), or waiting outside a private presentation (cancel).
 * Nothing otherwise.
 */
export function CallPrompt({ presentation }: { presentation: PresentationDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const stage = useAppSelector(selectStage);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const me = myMembership(presentation, live.me?.userId);
  if (!me || me.role === 'S') return null;
  if (me.called)
    return (
      <div
        className="stage-call"
        role="alertdialog"
        aria-label={t('stage.call.title', { name: presentation.host.name })}
      >
        <p className="stage-call__text">{t('stage.call.title', { name: presentation.host.name })}</p>
        <Button busy={stage.busy} onClick={() => !stage.busy && dispatch(joinRequested({ role: 'S' }))}>
          {t('stage.call.accept')}
        </Button>
        <Button variant="secondary" onClick={() => dispatch(denyRequested(me.userId))}>
          {t('stage.call.decline')}
        </Button>
      </div>
    );
  if (me.role !== 'W') return null;
  return (
    <div className="stage-call stage-call--waiting" role="status" aria-live="polite">
      <span className="stage-call__spinner" aria-hidden="true" />
      <p className="stage-call__text">{t('stage.waiting.text', { name: presentation.host.name })}</p>
      <Button variant="secondary" busy={stage.busy} onClick={() => !stage.busy && dispatch(leaveRequested())}>
        {t('stage.waiting.cancel')}
      </Button>
    </div>
  );
}
