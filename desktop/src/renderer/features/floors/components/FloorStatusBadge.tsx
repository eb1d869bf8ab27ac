import { FLOOR_TYPES, type FloorDto, type MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';

const LOOK: Record<string, { label: MessageId; className: string }> = {
  permanent: { label: 'floors.status.permanent', className: 'badge badge--primary' },
  running: { label: 'floors.status.running', className: 'badge badge--accent floor-status--live' },
  upcoming: { label: 'floors.status.upcoming', className: 'badge badge--warning' },
  finished: { label: 'floors.status.finished', className: 'badge' },
};

/** Upcoming, running, finished (spec §4), or permanent for a floor without time. */
export function FloorStatusBadge({ floor }: { floor: Pick<FloorDto, 'type' | 'status'> }) {
  const intl = useIntl();
  const look = LOOK[floor.type === FLOOR_TYPES.PERMANENT ? 'permanent' : floor.status]!;
  return <span className={look.className}>{intl.formatMessage({ id: look.label })}</span>;
}
