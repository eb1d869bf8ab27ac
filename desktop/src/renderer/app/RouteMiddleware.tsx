import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { GuestOnly, RequireAuth, RequireUser } from '../features/auth';
import { ErrorPage } from '@tsudoi/ui/errors';
import { isKnownMiddleware, type MiddlewareName } from './middleware-names';

const MIDDLEWARE: Record<MiddlewareName, () => ReactElement> = {
  auth: () => <RequireAuth />,
  'user-only': () => (
    <RequireUser>
      <Outlet />
    </RequireUser>
  ),
  'redirect-if-logged-in': () => <GuestOnly />,
};

/** A layout route that runs the named middleware (middleware-names.ts); an unknown name is the 500 page. */
export function RouteMiddleware({ name }: { name: string }) {
  const intl = useIntl();
  if (!isKnownMiddleware(name))
    return <ErrorPage status={500} message={intl.formatMessage({ id: 'errors.UNKNOWN_MIDDLEWARE' })} />;
  return MIDDLEWARE[name]();
}
