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
import { AttendancePage, ShiftPage } from '../features/attendance';
import { FileSharePage } from '../features/file-share';
import { AppointmentsPage } from '../features/appointments';
import { HistoryPage } from '../features/history';
import { ChatPage } from '../features/chat';
import { CompanyEditPage, CompanyRegisterPage } from '../features/company';
import { ErrorPage } from '../features/errors';
import { FloorListPage, FloorWizardPage } from '../features/floors';
import { FloorEntryLayout, FloorLandingRoute, FloorLiveRoute } from '../features/floors/guest';
import { DeviceCheckPage } from '../features/media';
import { InvitationPage } from '../features/invitations';
import { ProfileEditPage, ProfilePage } from '../features/profile';
import { HomePage, PlanPage } from '../features/shell';
import { RecordingDetailPage, RecordingsPage } from '../features/recordings';
import { AuthLayout } from './layouts/AuthLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { NoAuthLayout } from './layouts/NoAuthLayout';
import { SessionAwareLayout } from './layouts/SessionAwareLayout';
import { ValidParams } from './ValidParams';
import { RouteMiddleware } from './RouteMiddleware';

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
