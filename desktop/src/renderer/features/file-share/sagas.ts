import { buffers, channel, type Channel, type Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Locale } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { browserEffects } from '../chat/effects';
import type { TransferOptions } from '../chat/transfer';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import * as rest from './api';
import {
  changeDone,
  changeFailed,
  changeRequested,
  downloadEnded,
  downloadProgressed,
  downloadRequested,
  folderOpened,
  listFailed,
  listLoaded,
  selectFileShare,
  uploadEnded,
  uploadProgressed,
  uploadRequested,
  uploadStarted,
  type FileShareState,
  type ShareChange,
} from './slice';

export interface FileShareSagaDeps {
  api: ApiClient;
  transfer: Omit<TransferOptions, 'renew'>;
  /** Hands a downloaded file to the person (tests pass their own). */
  deliver?: (blob: Blob, name: string) => void;
}

/** Runs `work` while its progress (0–100) goes into the store through `report`. */
function* withProgress<T>(work: (onProgress: (n: number) => void) => Promise<T>, report: (n: number) => unknown) {
  const progress: Channel<number> = yield call(channel, buffers.sliding<number>(1));
  const reporter: Task = yield fork(function* () {
    for (;;) yield put(report((yield take(progress)) as number) as never);
  });
  try {
    return (yield call(work, (n) => progress.put(n))) as T;
  } finally {
    yield cancel(reporter);
    progress.close();
  }
}

const apply = (api: ApiClient, change: ShareChange): Promise<{ message: string }> => {
  switch (change.kind) {
    case 'createFolder':
      return rest.createFolder(api, { name: change.name, parentId: change.parentId });
    case 'renameFolder':
      return rest.updateFolder(api, change.id, { name: change.name });
    case 'moveFolder':
      return rest.updateFolder(api, change.id, { parentId: change.parentId });
    case 'renameFile':
      return rest.updateFile(api, change.id, { name: change.name });
    case 'moveFile':
      return rest.updateFile(api, change.id, { folderId: change.folderId });
    case 'removeFolder':
      return rest.removeFolder(api, change.id);
    case 'removeFile':
      return rest.removeFile(api, change.id);
  }
};

/**
 * The file share page's calls: the open folder's listing, uploads one after
 * the other with their progress, renames, moves and deletes (the listing is
 * read again after each), and downloads as a Blob handed to the browser.
 */
export function* fileShareSaga(deps: FileShareSagaDeps) {
  const transfer: TransferOptions = {
    ...deps.transfer,
    // the API client renews the session on a 401; the transfer then reads the new token
    renew: () =>
      deps.api.get('/auth/me').then(
        () => true,
        () => false,
      ),
  };
  const deliver = deps.deliver ?? ((blob: Blob, name: string) => browserEffects.deliver(blob, name, false));
  let keys = 0;

  function* load() {
    const { folderId }: FileShareState = yield select(selectFileShare);
    try {
      yield put(listLoaded(yield call(rest.fetchList, deps.api, folderId)));
    } catch (error) {
      const locale: Locale = yield select(selectLocale);
      yield put(listFailed(errorText(error, locale)));
    }
  }

  function* upload(action: ReturnType<typeof uploadRequested>) {
    for (const file of action.payload.files) {
      const key = (keys += 1);
      const { folderId }: FileShareState = yield select(selectFileShare);
      yield put(uploadStarted({ key, name: file.name }));
      try {
        const answer: Awaited<ReturnType<typeof rest.uploadShared>> = yield* withProgress(
          (onProgress) => rest.uploadShared(transfer, folderId, file, onProgress),
          (percent) => uploadProgressed({ key, percent }),
        );
        yield put(uploadEnded({ key, error: null }));
        yield put(notify({ kind: 'success', message: answer.message }));
      } catch (error) {
        const locale: Locale = yield select(selectLocale);
        const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
        yield put(uploadEnded({ key, error: fields[0] ?? errorText(error, locale) }));
      }
      yield* load();
    }
  }

  function* change(action: ReturnType<typeof changeRequested>) {
    try {
      const answer: { message: string } = yield call(apply, deps.api, action.payload);
      yield put(changeDone());
      yield put(notify({ kind: 'success', message: answer.message }));
      // a deleted open folder: go up to its parent
      const { list }: FileShareState = yield select(selectFileShare);
      if (action.payload.kind === 'removeFolder' && list?.folder?.id === action.payload.id)
        yield put(folderOpened(list.folder.parentId));
      else yield* load();
    } catch (error) {
      const fields = error instanceof ApiError ? { ...(error.fields ?? {}) } : {};
      yield put(changeFailed(fields));
      if (Object.keys(fields).length === 0) {
        const locale: Locale = yield select(selectLocale);
        yield put(notify({ kind: 'error', message: errorText(error, locale) }));
      }
    }
  }

  function* download(action: ReturnType<typeof downloadRequested>) {
    try {
      const blob: Blob = yield* withProgress(
        (onProgress) => rest.downloadShared(transfer, action.payload.id, onProgress),
        downloadProgressed,
      );
      deliver(blob, action.payload.name);
    } catch (error) {
      const locale: Locale = yield select(selectLocale);
      yield put(notify({ kind: 'error', message: errorText(error, locale) }));
    } finally {
      yield put(downloadEnded());
    }
  }

  yield takeLatest(folderOpened.type, load);
  yield takeEvery(uploadRequested.type, upload);
  yield takeLeading(changeRequested.type, change);
  yield takeLeading(downloadRequested.type, download);
}
