import { useIntl } from 'react-intl';
import { RoundLink } from '@tsudoi/ui/controls';
import { useAppSelector } from '../../../app/hooks';
import { selectLiveFloor } from '../../floors/live-slice';
import './recordings.css';
import { paths } from '../../../app/paths';

/** The live page's way to the floor's recordings (members only; guests have no account to read them with). */
export function RecordingsLink({ floorId }: { floorId: number }) {
  const intl = useIntl();
  const live = useAppSelector(selectLiveFloor);
  if (!live.me || live.me.isGuest) return null;
  const label = intl.formatMessage({ id: 'recordings.list.title' });
  return (
    <RoundLink to={paths.floorRecordings(floorId)} label={label}>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </RoundLink>
  );
}
