import { Outlet } from 'react-router';

/** Nothing around the page: used by the error page (spec §2). */
export function EmptyLayout() {
  return <Outlet />;
}
