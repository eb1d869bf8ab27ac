import { buffers, channel, type Channel, type Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  formatMessage,
  VIRTUAL_BACKGROUND_MAX_BYTES,
  VIRTUAL_BACKGROUND_TYPES,
  type Locale,
  type VirtualBackgroundDto,
} from '@tsudoi/common';
import { ApiError, createApiClient, errorText, type ApiClient } from '@tsudoi/ui/api';
import { selectAccessToken, selectCurrentUser } from '../auth';
import { formatSize } from '../chat/format-size';
import type { TransferOptions } from '../chat/transfer';
import { guestSessions, type GuestSessions } from '../floors/guest/guest-sessions';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { downloadBackground, listBackgrounds, removeBackground, uploadBackground, type BackgroundSession } from './api';
import {
  listFailed,
  listLoaded,
  listLoading,
  pickerOpened,
  removeFinished,
  removeRequested,
  thumbnailLoaded,
  uploadFinished,
  uploadProgressed,
  uploadRequested,
  uploadStarted,
} from './slice';

export interface VirtualBackgroundSagaDeps {
  api: ApiClient;
  transfer: Omit<TransferOptions, 'renew'>;
  guests?: GuestSessions;
  /** Object URLs of the thumbnails (tests pass their own). */
  urls?: { create(blob: Blob): string; revoke(url: string): void };
}

/** The signed-in user when there is one, else the guest session of the picker's floor, else nobody. */
function* sessionFor(deps: VirtualBackgroundSagaDeps, floorId: number | null) {
  const token: string | null = yield select(selectAccessToken);
  const user: ReturnType<typeof selectCurrentUser> = yield select(selectCurrentUser);
  if (token)
    return {
      // another person signing in on this page gets their own list
      key: `user:${user?.id ?? 'me'}`,
      client: deps.api,
      transfer: {
        ...deps.transfer,
        // the API client renews the session on a 401; the transfer then reads the new token
        renew: () =>
          deps.api.get('/auth/me').then(
            () => true,
            () => false,
          ),
      },
    } satisfies BackgroundSession;
  const guest = floorId === null ? null : (deps.guests ?? guestSessions).read(floorId);
  if (!guest) return null;
  const getToken = () => guest.token;
  return {
    key: `guest:${guest.floorId}:${guest.userId}`,
    client: createApiClient({
      apiKey: deps.transfer.apiKey,
      fetch: (input, init) => fetch(input, init),
      getLocale: deps.transfer.getLocale,
      getToken,
      // a guest session is not renewed: the guest joins again through their link
      onUnauthorized: () => undefined,
    }),
    transfer: { ...deps.transfer, getToken, renew: () => Promise.resolve(false) },
    guest: { floorId: guest.floorId, participantId: guest.participantId },
  } satisfies BackgroundSession;
}

/** Runs `work` while its progress (0–100) goes into the store. */
function* withProgress<T>(work: (onProgress: (n: number) => void) => Promise<T>) {
  const progress: Channel<number> = yield call(channel, buffers.sliding<number>(1));
  const reporter: Task = yield fork(function* () {
    for (;;) yield put(uploadProgressed((yield take(progress)) as number));
  });
  try {
    return (yield call(work, (n) => progress.put(n))) as T;
  } finally {
    yield cancel(reporter);
    progress.close();
  }
}

/** Checks the browser can make before sending (the server checks the bytes again). */
function localProblem(file: File, locale: Locale): string | null {
  if (!(VIRTUAL_BACKGROUND_TYPES as readonly string[]).includes(file.type))
    return formatMessage(locale, 'errors.UNSUPPORTED_FLOOR_IMAGE_FORMAT');
  if (file.size > VIRTUAL_BACKGROUND_MAX_BYTES)
    return formatMessage(locale, 'errors.FILE_TOO_LARGE', { size: formatSize(VIRTUAL_BACKGROUND_MAX_BYTES) });
  return null;
}

/**
 * The picker's calls. The session is chosen when the picker opens; thumbnails
 * are downloaded with the token and kept as object URLs (the camera effect
 * draws from them) until the background is deleted or the owner changes.
 */
export function* virtualBackgroundsSaga(deps: VirtualBackgroundSagaDeps) {
  const urls = deps.urls ?? {
    create: (b: Blob) => URL.createObjectURL(b),
    revoke: (u: string) => URL.revokeObjectURL(u),
  };
  const thumbnails = new Map<number, string>();
  let session: BackgroundSession | null = null;

  function* thumbnail(current: BackgroundSession, id: number) {
    if (thumbnails.has(id)) return;
    try {
      const blob: Blob = yield call(downloadBackground, current, id);
      const url = urls.create(blob);
      thumbnails.set(id, url);
      yield put(thumbnailLoaded({ id, url }));
    } catch {
      yield put(thumbnailLoaded({ id, url: null }));
    }
  }

  function* open(action: ReturnType<typeof pickerOpened>) {
    const next: BackgroundSession | null = yield* sessionFor(deps, action.payload.floorId);
    const locale: Locale = yield select(selectLocale);
    if (next?.key !== session?.key) {
      for (const url of thumbnails.values()) urls.revoke(url);
      thumbnails.clear();
    }
    session = next;
    if (!next) {
      yield put(listFailed(formatMessage(locale, 'errors.UNAUTHORIZED')));
      return;
    }
    yield put(listLoading(next.key));
    try {
      const list: VirtualBackgroundDto[] = yield call(listBackgrounds, next);
      yield put(listLoaded(list));
      for (const dto of list) yield* thumbnail(next, dto.id);
    } catch (error) {
      yield put(listFailed(errorText(error, locale)));
    }
  }

  function* upload(action: ReturnType<typeof uploadRequested>) {
    const locale: Locale = yield select(selectLocale);
    const current = session;
    const problem = current ? localProblem(action.payload.file, locale) : formatMessage(locale, 'errors.UNAUTHORIZED');
    if (problem || !current) {
      yield put(uploadFinished({ added: null, error: problem }));
      return;
    }
    yield put(uploadStarted());
    try {
      const answer: Awaited<ReturnType<typeof uploadBackground>> = yield* withProgress((onProgress) =>
        uploadBackground(current, action.payload.file, onProgress),
      );
      yield put(uploadFinished({ added: answer.data, error: null }));
      yield put(notify({ kind: 'success', message: answer.message }));
      yield* thumbnail(current, answer.data.id);
    } catch (error) {
      yield put(uploadFinished({ added: null, error: errorText(error, locale) }));
    }
  }

  function* remove(action: ReturnType<typeof removeRequested>) {
    const id = action.payload;
    const locale: Locale = yield select(selectLocale);
    try {
      if (!session) throw new Error('no session');
      const answer: Awaited<ReturnType<typeof removeBackground>> = yield call(removeBackground, session, id);
      yield put(notify({ kind: 'success', message: answer.message }));
    } catch (error) {
      // one that is already gone is gone from the list too
      if (!(error instanceof ApiError && error.code === 'VIRTUAL_BACKGROUND_NOT_FOUND')) {
        yield put(notify({ kind: 'error', message: errorText(error, locale) }));
        yield put(removeFinished({ id, removed: false }));
        return;
      }
    }
    const url = thumbnails.get(id);
    if (url) urls.revoke(url);
    thumbnails.delete(id);
    yield put(removeFinished({ id, removed: true }));
  }

  yield takeLatest(pickerOpened.type, open);
  yield takeLeading(uploadRequested.type, upload);
  yield takeEvery(removeRequested.type, remove);
}
