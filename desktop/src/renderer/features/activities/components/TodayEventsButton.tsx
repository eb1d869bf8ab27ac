import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { RoundButton } from '@tsudoi/ui/controls';
import { activitiesOpened } from '../slice';

/** The live floor header's way to today's events. */
export function TodayEventsButton({ floorId }: { floorId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <RoundButton
      label={intl.formatMessage({ id: 'activities.open' })}
      tutorial="activity-schedule"
      onClick={() => dispatch(activitiesOpened(floorId))}
    >
      <path d="M8 6h12M8 12h12M8 18h12" />
      <circle cx="4" cy="6" r="1" />
      <circle cx="4" cy="12" r="1" />
      <circle cx="4" cy="18" r="1" />
    </RoundButton>
  );
}
