import { call, put, select, takeLatest } from 'redux-saga/effects';
import {
  messageAnswerSchema,
  resetTokenCheckSchema,
  sessionSchema,
  signupAnswerSchema,
  userMutationSchema,
  type Locale,
  type MessageAnswer,
  type Session,
  type SignupAnswer,
  type UserDto,
  type UserMutation,
} from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { loginSucceeded, selectCurrentUser, userLoaded, userUpdated } from '@tsudoi/ui/session';
import {
  flowFailed,
  flowSucceeded,
  forgotPasswordRequested,
  newPasswordRequested,
  resendVerificationRequested,
  resetTokenCheckRequested,
  signupRequested,
  socialLoginRequested,
  verifyEmailRequested,
  type FlowName,
} from './slice';

export interface AuthFlowsDeps {
  api: ApiClient;
}

/** How a failure is shown: a toast (spec §8.1), on form fields, or only by the screen. */
type FailureDisplay = 'toast' | 'fields' | 'screen';

/** An answer that does not match its schema is a failure like any other, not a crash. */
class UnexpectedAnswer extends Error {}

/** What is needed of a zod schema here. */
interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Makes a call and validates its answer (types are not validation). */
function* callParsed<T>(promise: () => Promise<unknown>, schema: AnswerSchema<T>) {
  const answer: unknown = yield call(promise);
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswer('the answer does not match its schema');
  return parsed.data;
}

/** Spec §5: a 400 of the reset request puts the server's message on the e-mail field; so does a taken address. */
function fieldsOf(flow: FlowName, error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.fields && Object.keys(error.fields).length > 0) return { ...error.fields };
  if (flow === 'forgotPassword' && error.status === 400) return { email: error.message };
  if (error.code === 'EMAIL_ALREADY_EXISTS') return { email: error.message };
  return undefined;
}

function* fail(flow: FlowName, error: unknown, display: FailureDisplay) {
  const locale: Locale = yield select(selectLocale);
  const message = errorText(error, locale);
  const fields = display === 'fields' ? fieldsOf(flow, error) : undefined;
  yield put(flowFailed({ flow, message, fields }));
  if (display === 'toast' || (display === 'fields' && !fields)) yield put(notify({ kind: 'error', message }));
}

function* succeed(flow: FlowName, message?: string) {
  yield put(flowSucceeded({ flow, message }));
  if (message) yield put(notify({ kind: 'success', message }));
}

function* signup({ api }: AuthFlowsDeps, { payload }: ReturnType<typeof signupRequested>) {
  try {
    const answer: SignupAnswer = yield* callParsed(() => api.post('/auth/signup', payload), signupAnswerSchema);
    yield put(loginSucceeded(answer.token));
    yield put(userLoaded(answer.data));
    yield* succeed('signup', answer.message);
  } catch (error) {
    yield* fail('signup', error, 'fields');
  }
}

function* socialLogin({ api }: AuthFlowsDeps, { payload }: ReturnType<typeof socialLoginRequested>) {
  try {
    const { ticket, provider } = payload;
    const session: Session = yield* callParsed(() => api.post(`/auth/login/${provider}`, { ticket }), sessionSchema);
    yield put(loginSucceeded(session.token));
    yield put(userLoaded(session.user));
    yield* succeed('socialLogin');
  } catch (error) {
    yield* fail('socialLogin', error, 'toast');
  }
}

/** Keeps the signed-in user in step when an answer carries the same account. */
function* refreshCurrentUser(user: UserDto) {
  const current: UserDto | null = yield select(selectCurrentUser);
  if (current?.id === user.id) yield put(userUpdated(user));
}

function* verifyEmail({ api }: AuthFlowsDeps, { payload }: ReturnType<typeof verifyEmailRequested>) {
  try {
    const answer: UserMutation = yield* callParsed(
      () => api.post('/tokens/verify', { token: payload }),
      userMutationSchema,
    );
    yield* refreshCurrentUser(answer.data);
    yield* succeed('verifyEmail', answer.message);
  } catch (error) {
    yield* fail('verifyEmail', error, 'screen');
  }
}

function* resendVerification({ api }: AuthFlowsDeps) {
  try {
    const answer: UserMutation = yield* callParsed(() => api.get('/tokens/resend'), userMutationSchema);
    yield* refreshCurrentUser(answer.data);
    yield* succeed('resendVerification', answer.message);
  } catch (error) {
    yield* fail('resendVerification', error, 'toast');
  }
}

function* forgotPassword({ api }: AuthFlowsDeps, { payload }: ReturnType<typeof forgotPasswordRequested>) {
  try {
    const answer: MessageAnswer = yield* callParsed(
      () => api.post('/passwords/reset', { email: payload }),
      messageAnswerSchema,
    );
    yield* succeed('forgotPassword', answer.message);
  } catch (error) {
    yield* fail('forgotPassword', error, 'fields');
  }
}

function* checkResetToken({ api }: AuthFlowsDeps, { payload }: ReturnType<typeof resetTokenCheckRequested>) {
  try {
    yield* callParsed(() => api.post('/passwords/verify', { token: payload }), resetTokenCheckSchema);
    yield put(flowSucceeded({ flow: 'checkResetToken' }));
  } catch (error) {
    yield* fail('checkResetToken', error, 'screen');
  }
}

function* newPassword({ api }: AuthFlowsDeps, { payload }: ReturnType<typeof newPasswordRequested>) {
  try {
    const answer: MessageAnswer = yield* callParsed(() => api.post('/passwords/new', payload), messageAnswerSchema);
    yield* succeed('newPassword', answer.message);
  } catch (error) {
    yield* fail('newPassword', error, 'fields');
  }
}

/** The calls behind sign-up, e-mail verification, password reset and social sign-in. */
export function* authFlowsSaga(deps: AuthFlowsDeps) {
  yield takeLatest(signupRequested.type, signup, deps);
  yield takeLatest(socialLoginRequested.type, socialLogin, deps);
  yield takeLatest(verifyEmailRequested.type, verifyEmail, deps);
  yield takeLatest(resendVerificationRequested.type, resendVerification, deps);
  yield takeLatest(forgotPasswordRequested.type, forgotPassword, deps);
  yield takeLatest(resetTokenCheckRequested.type, checkResetToken, deps);
  yield takeLatest(newPasswordRequested.type, newPassword, deps);
}
