import { useIntl } from 'react-intl';
import { RoundLink } from '@tsudoi/ui/controls';
import { useAppSelector } from '../../../app/hooks';
import { selectLiveFloor } from '../../floors/live-slice';
import { paths } from '../../../app/paths';

/** The live page's way to the floor's booking calendar (members only: a guest books nothing). */
export function AppointmentsLink({ floorId }: { floorId: number }) {
  const intl = useIntl();
  const live = useAppSelector(selectLiveFloor);
  if (!live.me || live.me.isGuest) return null;
  const label = intl.formatMessage({ id: 'appointments.open' });
  return (
    <RoundLink to={paths.floorAppointments(floorId)} label={label} tutorial="meeting-schedule">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </RoundLink>
  );
}
