import { Outlet, useParams } from 'react-router';
import { ErrorPage } from '@tsudoi/ui/errors';
import { isIdParam } from './paths';

/** Route parameters that name a database row; anything but an id there is a page that does not exist. */
const ID_PARAMS = ['id', 'recordingId'] as const;

/**
 * Checks the route's id parameters before any page reads them (issue 20): a
 * path such as /floors/abc or /floors/1e3/edit shows the 404 page instead of
 * a page that asks the server for floor NaN.
 */
export function ValidParams() {
  const params = useParams();
  const bad = ID_PARAMS.some((name) => params[name] !== undefined && !isIdParam(params[name]));
  return bad ? <ErrorPage status={404} /> : <Outlet />;
}
