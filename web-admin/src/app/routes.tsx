import { Route, Routes, useParams } from 'react-router';
import { NoAuthLayout } from '@tsudoi/ui/layouts';
import { ErrorPage } from '@tsudoi/ui/errors';
import { AdminLoginPage } from '../features/auth';
import { AdminLayout } from '../features/console/components/AdminLayout';
import { AdminGuestOnly, RequireAdmin } from '../features/console/components/guards';
import {
  AdminDetailPage,
  AdminEditPage,
  AdminProfilePage,
  AdminRegisterPage,
  AdminsPage,
} from '../features/console/pages/admins';
import { CompaniesPage, CompanyDetailPage, CompanyEditPage } from '../features/console/pages/companies';
import { DashboardPage } from '../features/console/pages/DashboardPage';
import { FloorDetailPage, FloorEditPage, FloorsPage } from '../features/console/pages/floors';
import { ParticipantDetailPage, ParticipantsPage } from '../features/console/pages/participants';
import { AuditPage, FloorTimeRecordsPage } from '../features/console/pages/records';
import { StoragePage, StoredFilesPage } from '../features/console/pages/StoragePage';
import { UserCompanyPage, UserDetailPage, UserEditPage, UsersPage } from '../features/console/pages/users';
import { InquiriesPage, InquiryDetailPage } from '../features/console/pages/inquiries';

/** A 404 inside the admin area leads back to the admin login under the same key. */
function AdminNotFound() {
  const { key = '' } = useParams();
  return <ErrorPage status={404} loginPath={`/admin/${encodeURIComponent(key)}/login`} />;
}

/**
 * The admin routes (spec §2) under /admin/{key}/ — the server has already
 * checked the key (a wrong one gets the 404 page). /admin/{key} is the admin
 * home (the dashboard); login sends a signed-in admin there.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="admin/:key">
        <Route element={<AdminGuestOnly />}>
          <Route element={<NoAuthLayout />}>
            <Route path="login" element={<AdminLoginPage />} />
          </Route>
        </Route>
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="profile" element={<AdminProfilePage />} />
            <Route path="profile/edit" element={<AdminEditPage self />} />
            <Route path="admins" element={<AdminsPage />} />
            <Route path="admins/register" element={<AdminRegisterPage />} />
            <Route path="admins/:id" element={<AdminDetailPage />} />
            <Route path="admins/:id/edit" element={<AdminEditPage />} />
            <Route path="companies" element={<CompaniesPage />} />
            <Route path="companies/:id" element={<CompanyDetailPage />} />
            <Route path="companies/:id/edit" element={<CompanyEditPage />} />
            <Route path="floors" element={<FloorsPage />} />
            <Route path="floors/:id" element={<FloorDetailPage />} />
            <Route path="floors/:id/edit" element={<FloorEditPage />} />
            <Route path="floor_time_records" element={<FloorTimeRecordsPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserDetailPage />} />
            <Route path="users/:id/edit" element={<UserEditPage />} />
            <Route path="users/:id/company" element={<UserCompanyPage />} />
            <Route path="participants" element={<ParticipantsPage />} />
            <Route path="participants/:id" element={<ParticipantDetailPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="inquiries" element={<InquiriesPage />} />
            <Route path="inquiries/:id" element={<InquiryDetailPage />} />
            <Route path="storage" element={<StoragePage />} />
            <Route path="storage/:source" element={<StoredFilesPage />} />
          </Route>
        </Route>
        <Route path="*" element={<AdminNotFound />} />
      </Route>
      <Route path="/admin" element={<ErrorPage status={404} />} />
      <Route path="*" element={<ErrorPage status={404} />} />
    </Routes>
  );
}
