import type { MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { countdown } from '../time';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** Days, hours, minutes and seconds until the start (spec §2 floor landing page). */
export function Countdown({ target, now }: { target: Date; now: number }) {
  const intl = useIntl();
  const left = countdown(target, new Date(now));
  const t = (id: MessageId) => intl.formatMessage({ id });
  const spoken = intl.formatMessage({ id: 'floors.landing.countdownSpoken' }, { ...left });
  return (
    <div className="countdown" role="timer" aria-label={spoken}>
      <p className="countdown__label" aria-hidden="true">
        {t('floors.landing.startsIn')}
      </p>
      <div className="countdown__units" aria-hidden="true">
        {UNITS.map((unit) => (
          <span key={unit} className="countdown__unit">
            <span className="countdown__value">{String(left[unit]).padStart(2, '0')}</span>
            <span className="countdown__name">{t(`floors.landing.unit.${unit}`)}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
