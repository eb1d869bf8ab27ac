import { useIntl } from 'react-intl';
import { RoundLink } from '@tsudoi/ui/controls';

/** The live page's way to the floor enter/leave history (hosts and subhosts). */
export function HistoryLink({ floorId, canManage }: { floorId: number; canManage: boolean }) {
  const intl = useIntl();
  if (!canManage) return null;
  return (
    <RoundLink to={`/floors/${floorId}/history`} label={intl.formatMessage({ id: 'history.open' })}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </RoundLink>
  );
}
