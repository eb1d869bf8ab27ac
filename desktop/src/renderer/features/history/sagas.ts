import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Locale, Paged, ParticipantLogEntryDto } from '@tsudoi/common';
import { ApiError, errorText, type ApiClient } from '@tsudoi/ui/api';
import { selectLocale } from '@tsudoi/ui/i18n';
import { fetchHistory, fetchHistoryCsv } from './api';
import { historyDownloaded, historyDownloadRequested, historyFailed, historyLoaded, historyRequested } from './slice';

interface Deps {
  api: ApiClient;
}

function* failed(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  const fields = error instanceof ApiError && error.fields ? { ...error.fields } : {};
  yield put(historyFailed({ fields, message: Object.keys(fields).length ? null : errorText(error, locale) }));
}

function* load({ api }: Deps, action: ReturnType<typeof historyRequested>) {
  try {
    const page: Paged<ParticipantLogEntryDto> = yield call(fetchHistory, api, action.payload);
    yield put(historyLoaded(page));
  } catch (error) {
    yield* failed(error);
  }
}

/** The CSV as a file download (an object URL clicked once, then let go). */
function* download({ api }: Deps, action: ReturnType<typeof historyDownloadRequested>) {
  try {
    const blob: Blob = yield call(fetchHistoryCsv, api, action.payload);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `floor-${action.payload.floorId}-history-${action.payload.from}-${action.payload.to}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    yield put(historyDownloaded());
  } catch (error) {
    yield* failed(error);
  }
}

export function* historySaga(deps: Deps) {
  yield takeLatest(historyRequested.type, load, deps);
  yield takeLatest(historyDownloadRequested.type, download, deps);
}
