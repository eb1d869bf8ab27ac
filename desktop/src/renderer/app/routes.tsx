import { Navigate, Route, Routes } from 'react-router';
import {
  ForgotPasswordPage,
  HOME_PATH,
  LoginPage,
  RequireUser,
  ResetPasswordPage,
  SignupPage,
  SocialCallbackPage,
  VerificationPromptPage,
  VerificationSuccessPage,
  VerifyTokenPage,
} from '../features/auth';
import { ErrorPage } from '@tsudoi/ui/errors';
import { FloorListPage } from '../features/floors';
import { FloorEntryLayout, FloorLandingRoute, FloorLiveRoute } from '../features/floors/guest';
import { DeviceCheckPage } from '../features/media';
import { InvitationPage } from '../features/invitations';
import { ProfilePage } from '../features/profile';
import { HomePage } from '../features/shell';
import { page } from './lazy-page';
import { AuthLayout } from './layouts/AuthLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { NoAuthLayout } from '@tsudoi/ui/layouts';
import { SessionAwareLayout } from './layouts/SessionAwareLayout';
import { ValidParams } from './ValidParams';
import { RouteMiddleware } from './RouteMiddleware';

/**
 * Pages that the live floor never needs load on first visit, each in its own chunk (docs/decisions/0002-the-floor-ui-loads-in-chunks.md,
 * "The floor UI loads in chunks"): the floor's page, sign-in and the floor list stay in the first one.
 */
const AttendancePage = page(
  () => import('../features/attendance/components/AttendancePage').then((m) => m.AttendancePage),
  'AttendancePage',
);
const ShiftPage = page(
  () => import('../features/attendance/components/ShiftPage').then((m) => m.ShiftPage),
  'ShiftPage',
);
const FileSharePage = page(
  () => import('../features/file-share/components/FileSharePage').then((m) => m.FileSharePage),
  'FileSharePage',
);
const AppointmentsPage = page(
  () => import('../features/appointments/components/AppointmentsPage').then((m) => m.AppointmentsPage),
  'AppointmentsPage',
);
const HistoryPage = page(
  () => import('../features/history/components/HistoryPage').then((m) => m.HistoryPage),
  'HistoryPage',
);
const ChatPage = page(() => import('../features/chat/components/ChatPage').then((m) => m.ChatPage), 'ChatPage');
const CompanyEditPage = page(
  () => import('../features/company/components/CompanyEditPage').then((m) => m.CompanyEditPage),
  'CompanyEditPage',
);
const CompanyRegisterPage = page(
  () => import('../features/company/components/CompanyRegisterPage').then((m) => m.CompanyRegisterPage),
  'CompanyRegisterPage',
);
const FloorWizardPage = page(
  () => import('../features/floors/wizard/FloorWizardPage').then((m) => m.FloorWizardPage),
  'FloorWizardPage',
);
const ProfileEditPage = page(
  () => import('../features/profile/components/ProfileEditPage').then((m) => m.ProfileEditPage),
  'ProfileEditPage',
);
const PlanPage = page(() => import('../features/shell/components/PlanPage').then((m) => m.PlanPage), 'PlanPage');
const RecordingsPage = page(
  () => import('../features/recordings/components/RecordingsPage').then((m) => m.RecordingsPage),
  'RecordingsPage',
);
const RecordingDetailPage = page(
  () => import('../features/recordings/components/RecordingDetailPage').then((m) => m.RecordingDetailPage),
  'RecordingDetailPage',
);

/**
 * The floor UI's routes (spec §2). Guards: GuestOnly (signed-in users go
 * home), RequireAuth (signed-out visitors go to /login), RequireUser (also
 * verified, else /verification-prompt). Mail links work signed in or not;
 * a floor's app_id link also works without an account (FloorEntryLayout).
 * Id parameters are checked first (ValidParams): a bad one is the 404 page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ValidParams />}>{appRoutes}</Route>
    </Routes>
  );
}

const appRoutes = (
  <>
    <Route
      index
      element={
        <RequireUser>
          <Navigate to={HOME_PATH} replace />
        </RequireUser>
      }
    />
    <Route element={<NoAuthLayout />}>
      <Route element={<RouteMiddleware name="redirect-if-logged-in" />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="password/forgot" element={<ForgotPasswordPage />} />
      </Route>
      <Route path="password/reset/:token?" element={<ResetPasswordPage />} />
      <Route path="token/verify/:token" element={<VerifyTokenPage />} />
      <Route path="verification-success" element={<VerificationSuccessPage />} />
      <Route path="social/google" element={<SocialCallbackPage provider="google" />} />
      <Route path="social/facebook" element={<SocialCallbackPage provider="facebook" />} />
      <Route element={<RouteMiddleware name="auth" />}>
        <Route path="verification-prompt" element={<VerificationPromptPage />} />
      </Route>
    </Route>
    <Route
      element={
        <RequireUser>
          <AuthLayout />
        </RequireUser>
      }
    >
      <Route path="home" element={<HomePage />} />
      <Route path="plan" element={<PlanPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="profile/edit" element={<ProfileEditPage />} />
      <Route path="chat" element={<ChatPage />} />
      <Route path="attendance" element={<AttendancePage />} />
      <Route path="files" element={<FileSharePage />} />
      <Route path="employee/:id?/shift" element={<ShiftPage />} />
      <Route path="profile/company/edit" element={<CompanyEditPage />} />
      <Route path="company/register" element={<CompanyRegisterPage />} />
      <Route path="floors" element={<FloorListPage key="all" scope="all" />} />
      <Route path="floors/hosted" element={<FloorListPage key="hosted" scope="hosted" />} />
      <Route path="floors/create" element={<FloorWizardPage key="create" mode="create" />} />
      <Route path="floors/duplicate/:id" element={<FloorWizardPage key="duplicate" mode="duplicate" />} />
      <Route path="floors/:id/edit" element={<FloorWizardPage key="edit" mode="edit" />} />
      <Route path="floors/:id/recordings" element={<RecordingsPage />} />
      <Route path="floors/:id/recordings/:recordingId" element={<RecordingDetailPage />} />
      <Route path="floors/:id/appointments" element={<AppointmentsPage />} />
      <Route path="floors/:id/history" element={<HistoryPage />} />
    </Route>
    {/* signed in, or an account-less guest with an app_id link (spec §2) */}
    <Route element={<FloorEntryLayout />}>
      <Route path="floors/:id" element={<FloorLandingRoute />} />
      <Route path="floors/:id/check" element={<DeviceCheckPage />} />
      <Route path="floors/:id/live" element={<FloorLiveRoute />} />
    </Route>
    <Route element={<SessionAwareLayout />}>
      <Route path="invitation/employee/:id?" element={<InvitationPage />} />
    </Route>
    <Route element={<EmptyLayout />}>
      <Route path="*" element={<ErrorPage status={404} />} />
    </Route>
  </>
);
