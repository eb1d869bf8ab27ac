import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth';
import { ErrorPage } from '../features/errors';
import { EmptyLayout } from './layouts/EmptyLayout';
import { NoAuthLayout } from './layouts/NoAuthLayout';

/**
 * The floor UI's routes (spec §2). Until accounts exist there is nothing to
 * guard: / leads to /login and every unknown path is the 404 page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route element={<NoAuthLayout />}>
        <Route path="login" element={<LoginPage />} />
      </Route>
      <Route element={<EmptyLayout />}>
        <Route path="*" element={<ErrorPage status={404} />} />
      </Route>
    </Routes>
  );
}
