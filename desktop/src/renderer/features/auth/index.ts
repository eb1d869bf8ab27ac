export { CredentialsForm, type CredentialsFormProps } from './components/CredentialsForm';
export { LoginPage } from './components/LoginPage';
export { authSaga, type AuthSagaDeps } from './sagas';
export {
  authInitialState,
  authReducer,
  loginRequested,
  selectAccessToken,
  selectLoginSubmitting,
  sessionReset,
  type AuthState,
  type Credentials,
  type WithAuth,
} from './slice';
