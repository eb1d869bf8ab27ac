import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { recordRequested, selectAttendance, suggestionDismissed } from '../slice';
import './time-log-edit.css';

/**
 * The presence timecard's question (issue 18): what the floor or the desktop
 * noticed and the action it suggests. The person records it or not; nothing
 * is recorded until they press the button.
 */
export function TimecardPrompt() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: id as MessageId });
  const dispatch = useAppDispatch();
  const { suggestion, recording } = useAppSelector(selectAttendance);
  if (!suggestion) return null;
  return (
    <section
      className="att-prompt"
      role="alertdialog"
      aria-labelledby="att-prompt-text"
      data-suggest={suggestion.action}
    >
      <p className="att-prompt__title">{t('attendance.timecard.title')}</p>
      <p id="att-prompt-text" className="att-prompt__text">
        {t(`attendance.timecard.reason.${suggestion.reason}`)}
      </p>
      <div className="att-prompt__actions">
        <Button variant="secondary" onClick={() => dispatch(suggestionDismissed())}>
          {t('attendance.timecard.notNow')}
        </Button>
        <Button
          busy={recording === suggestion.action}
          onClick={() => recording === null && dispatch(recordRequested({ action: suggestion.action }))}
        >
          {t(`attendance.action.${suggestion.action}`)}
        </Button>
      </div>
    </section>
  );
}
