import { useIntl } from 'react-intl';
import '@tsudoi/ui/controls/controls.css';
import './floors.css';

/**
 * "Loading…" with a spinner, where a floor page waits for its floor or the list for its next page; shown
 * only once the wait passes the minimum fetch delay (`loading-after-delay`, 200 ms).
 */
export function FloorLoading() {
  const intl = useIntl();
  return (
    <div className="floor-list__loading loading-after-delay" role="status">
      <span className="button__spinner" aria-hidden="true" />
      <span>{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}
