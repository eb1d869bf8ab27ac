export { CredentialsForm, type CredentialsFormProps } from '@tsudoi/ui/session';
export { ForgotPasswordPage } from './components/ForgotPasswordPage';
export { GuestOnly, RequireAuth, RequireUser, RequireVerified } from './components/guards';
export { LoginPage } from './components/LoginPage';
export { PasswordField } from './components/PasswordField';
export { ResetPasswordPage } from './components/ResetPasswordPage';
export { SessionProblem, SessionSplash } from '@tsudoi/ui/session';
export { SignupPage } from './components/SignupPage';
export { SocialCallbackPage } from './components/SocialCallbackPage';
export { VerificationPromptPage } from './components/VerificationPromptPage';
export { VerificationSuccessPage } from './components/VerificationSuccessPage';
export { VerifyTokenPage } from './components/VerifyTokenPage';
export { authFlowsSaga, type AuthFlowsDeps } from './flows/sagas';
export { authFlowsReducer, type AuthFlowsState, type WithAuthFlows } from './flows/slice';
export { HOME_PATH, LOGIN_PATH, returnPath } from './paths';
export { loadSocialProviders, selectSocialProviders, socialProvidersReducer } from './providers';
export { authSaga, type AuthSagaDeps } from '@tsudoi/ui/session';
export { SessionNoticeBanner, TeamRemovalDialog } from './components/SessionNotice';
export {
  authInitialState,
  authReducer,
  loginRequested,
  loginSucceeded,
  logoutRequested,
  noticeDismissed,
  selectAccessToken,
  selectCurrentUser,
  selectIsSignedIn,
  selectLoginSubmitting,
  selectNeedsVerification,
  selectSessionChecked,
  selectSessionError,
  selectSessionNotice,
  sessionReset,
  sessionRevoked,
  tokensRefreshed,
  userLoaded,
  userUpdated,
  type AuthState,
  type Credentials,
  type WithAuth,
} from '@tsudoi/ui/session';
export { validateNewPassword, type NewPassword } from '@tsudoi/ui/session';
