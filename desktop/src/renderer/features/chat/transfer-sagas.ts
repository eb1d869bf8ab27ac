import { buffers, channel, type Channel } from 'redux-saga';
import {
  actionChannel,
  all,
  call,
  cancel,
  fork,
  put,
  select,
  take,
  takeEvery,
  type ActionPattern,
} from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import {
  CHAT_REST_PATHS,
  CHAT_UPLOAD_MAX_BYTES,
  chatAckSchemas,
  chatUploadAnswerSchema,
  formatMessage,
  type Ack,
  type Locale,
} from '@tsudoi/common';
import { ApiError, errorText } from '@tsudoi/ui/api';
import { send } from '../../services/socket';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import type { Session } from './commands';
import { browserEffects } from './effects';
import { fitFileName, opensInNewTab } from './files';
import { formatSize } from './format-size';
import type { ChatSagaDeps } from './saga-deps';
import {
  downloadFinished,
  downloadProgressed,
  downloadQueued,
  downloadStarted,
  messageReceived,
  previewLoaded,
  previewRequested,
  savedChatDownloadRequested,
  uploadFinished,
  uploadProgressed,
  uploadQueued,
  uploadStarted,
  type WithChat,
} from './slice';
import { downloadFile, uploadFile, type ProgressListener, type TransferOptions } from './transfer';

/** Runs `work` while its progress (0–100) is put into the store through `report`. */
function* withProgress<T>(work: (onProgress: ProgressListener) => Promise<T>, report: (n: number) => { type: string }) {
  const progress: Channel<number> = yield call(channel, buffers.sliding<number>(1));
  const reporter: Task = yield fork(function* () {
    for (;;) yield put(report((yield take(progress)) as number));
  });
  try {
    return (yield call(work, (n) => progress.put(n))) as T;
  } finally {
    yield cancel(reporter);
    progress.close();
  }
}

function options(deps: ChatSagaDeps, session: Session): TransferOptions {
  const { guestToken } = session;
  // an account-less guest sends their floor's guest token, which is not renewed
  if (guestToken) return { ...deps.transfer, getToken: () => guestToken, renew: () => Promise.resolve(false) };
  return {
    ...deps.transfer,
    // The API client renews the session on a 401; the transfer then reads the new token.
    renew: () =>
      deps.api.get('/auth/me').then(
        () => true,
        () => false,
      ),
  };
}

/** One upload after the other (spec §4): the file, then its message in the conversation. */
function* uploads(deps: ChatSagaDeps, session: Session) {
  const queue: Channel<ReturnType<typeof uploadQueued>> = yield actionChannel(uploadQueued.type as ActionPattern);
  for (;;) {
    const { payload }: ReturnType<typeof uploadQueued> = yield take(queue);
    const { item, file } = payload;
    yield put(uploadStarted(item.id));
    const locale: Locale = yield select(selectLocale);
    try {
      if (!file) throw new Error(formatMessage(locale, 'errors.SOMETHING_WENT_WRONG'));
      const maxBytes = deps.transfer.uploadMaxBytes ?? CHAT_UPLOAD_MAX_BYTES;
      if (file.size > maxBytes)
        throw new ApiError(
          formatMessage(locale, 'errors.FILE_TOO_LARGE', { size: formatSize(maxBytes) }),
          413,
          'FILE_TOO_LARGE',
        );
      const fields = {
        conversationId: String(item.conversationId),
        file: { blob: file, name: fitFileName(file.name) },
      };
      const answer: unknown = yield* withProgress(
        // The conversation is named in the query too, so the server checks access before reading the body.
        (onProgress) =>
          uploadFile(
            options(deps, session),
            `${CHAT_REST_PATHS.upload}?conversationId=${item.conversationId}`,
            fields,
            onProgress,
          ),
        uploadProgressed,
      );
      const upload = chatUploadAnswerSchema.safeParse(answer);
      if (!upload.success) throw new Error(formatMessage(locale, 'errors.SOMETHING_WENT_WRONG'));
      const payload = { conversationId: item.conversationId, uploadId: upload.data.data.id, clientMessageId: item.id };
      const raw: Ack<unknown> = yield call(send, session.socket, 'chat:sendMessage', payload);
      const sent = chatAckSchemas['chat:sendMessage'].safeParse(raw);
      if (!sent.success) throw new Error(formatMessage(locale, 'errors.SOMETHING_WENT_WRONG'));
      if (!sent.data.ok) throw new Error(sent.data.error.message);
      yield put(messageReceived({ message: sent.data.data, mine: true }));
      yield put(uploadFinished({ id: item.id, error: null }));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : errorText(error, locale);
      const code = error instanceof ApiError ? (error.code ?? null) : null;
      yield put(uploadFinished({ id: item.id, error: message, code }));
    }
  }
}

/** One download after the other: a PDF opens in a new tab, other files are saved (spec §9.1). */
function* downloads(deps: ChatSagaDeps, session: Session) {
  const effects = deps.effects ?? browserEffects;
  const queue: Channel<ReturnType<typeof downloadQueued>> = yield actionChannel(downloadQueued.type as ActionPattern);
  for (;;) {
    const { payload }: ReturnType<typeof downloadQueued> = yield take(queue);
    yield put(downloadStarted(payload.messageId));
    try {
      const blob: Blob = yield* withProgress(
        (onProgress) =>
          downloadFile(
            options(deps, session),
            CHAT_REST_PATHS.attachment,
            { messageId: payload.messageId },
            onProgress,
          ),
        downloadProgressed,
      );
      effects.deliver(blob, payload.name, opensInNewTab(payload.name, blob.type));
    } catch (error) {
      const locale: Locale = yield select(selectLocale);
      yield put(notify({ kind: 'error', message: errorText(error, locale) }));
    }
    yield put(downloadFinished(payload.messageId));
  }
}

/**
 * Image messages shown in the page: their bytes through messages/attachment
 * (one at a time, each once), kept as object URLs for the page's life.
 */
function* previews(deps: ChatSagaDeps, session: Session) {
  const queue: Channel<ReturnType<typeof previewRequested>> = yield actionChannel(
    previewRequested.type as ActionPattern,
    buffers.expanding(32),
  );
  const asked = new Set<number>();
  for (;;) {
    const { payload: messageId }: ReturnType<typeof previewRequested> = yield take(queue);
    if (asked.has(messageId)) continue;
    asked.add(messageId);
    try {
      const blob: Blob = yield call(
        downloadFile,
        options(deps, session),
        CHAT_REST_PATHS.attachment,
        { messageId },
        () => {},
      );
      yield put(previewLoaded({ messageId, url: URL.createObjectURL(blob) }));
    } catch {
      yield put(previewLoaded({ messageId, url: 'failed' }));
    }
  }
}

/** The saved chat of a room left with saveChat on, as a text file. */
function* savedChat(deps: ChatSagaDeps, session: Session, action: ReturnType<typeof savedChatDownloadRequested>) {
  const effects = deps.effects ?? browserEffects;
  try {
    const blob: Blob = yield call(
      downloadFile,
      options(deps, session),
      CHAT_REST_PATHS.download(action.payload.conversationId),
      undefined,
      () => {},
    );
    effects.deliver(blob, fitFileName(`${action.payload.title}.txt`), false);
  } catch (error) {
    const locale: Locale = yield select(selectLocale);
    yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

export function* transferSagas(deps: ChatSagaDeps, session: Session) {
  yield all([
    call(uploads, deps, session),
    call(downloads, deps, session),
    call(previews, deps, session),
    takeEvery(savedChatDownloadRequested.type, savedChat, deps, session),
  ]);
}

export const selectTransfers = (s: WithChat) => ({ uploads: s.chat.uploads, downloads: s.chat.downloads });
