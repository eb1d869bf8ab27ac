import { Navigate, Route, Routes, useParams } from 'react-router';
import { NoAuthLayout } from '@renderer/app/layouts/NoAuthLayout';
import { ErrorPage } from '@renderer/features/errors';
import { AdminLoginPage } from '../features/auth';

/** A 404 inside the admin area leads back to the admin login under the same key. */
function AdminNotFound() {
  const { key = '' } = useParams();
  return <ErrorPage status={404} loginPath={`/admin/${encodeURIComponent(key)}/login`} />;
}

/**
 * The admin routes (spec §2) under /admin/{key}/ — the server has already
 * checked the key. Until the admin pages exist, /admin/{key} leads to the login.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="admin/:key">
        <Route index element={<Navigate to="login" replace />} />
        <Route element={<NoAuthLayout />}>
          <Route path="login" element={<AdminLoginPage />} />
        </Route>
        <Route path="*" element={<AdminNotFound />} />
      </Route>
      <Route path="*" element={<ErrorPage status={404} />} />
    </Routes>
  );
}
