import { all, call, put, select, takeEvery } from 'redux-saga/effects';
import type { Locale, Paged } from '@tsudoi/common';
import { answerMessage } from '@tsudoi/ui/session';
import { selectLocale } from '@tsudoi/ui/i18n';
import { notify } from '@tsudoi/ui/notifications';
import { ApiError, errorText, toApiError, type ApiClient } from '@tsudoi/ui/api';
import {
  detailFailed,
  detailLoaded,
  detailRequested,
  exportRequested,
  listFailed,
  listLoaded,
  listRequested,
  mutationFailed,
  mutationRequested,
  mutationSucceeded,
  type Row,
} from './slice';

export interface ConsoleSagaDeps {
  api: ApiClient;
  /** A download (CSV export): the same headers as the API client, answered as a file. */
  download(path: string): Promise<void>;
}

function* loadList(deps: ConsoleSagaDeps, action: ReturnType<typeof listRequested>) {
  const { key, path } = action.payload;
  const locale: Locale = yield select(selectLocale);
  try {
    const data: Paged<Row> = yield call(deps.api.get, path);
    yield put(listLoaded({ key, path, data }));
  } catch (error) {
    const message = errorText(error, locale);
    yield put(listFailed({ key, path, error: message }));
  }
}

function* loadDetail(deps: ConsoleSagaDeps, action: ReturnType<typeof detailRequested>) {
  const { path } = action.payload;
  const locale: Locale = yield select(selectLocale);
  try {
    const answer: { data: Record<string, unknown> } = yield call(deps.api.get, path);
    yield put(detailLoaded({ path, data: answer.data }));
  } catch (error) {
    yield put(detailFailed({ path, error: errorText(error, locale) }));
  }
}

function* mutate(deps: ConsoleSagaDeps, action: ReturnType<typeof mutationRequested>) {
  const { method, path, body, to, reload } = action.payload;
  const locale: Locale = yield select(selectLocale);
  try {
    const answer: unknown = yield call(deps.api.request, method, path, body);
    yield put(mutationSucceeded({ to: to ?? null }));
    const message = answerMessage(answer);
    if (message) yield put(notify({ kind: 'success', message }));
    for (const item of reload ?? []) {
      yield put(item.key ? listRequested({ key: item.key, path: item.path }) : detailRequested({ path: item.path }));
    }
  } catch (error) {
    yield put(mutationFailed());
    // a list's field messages (an invitation list: which address and why) follow the error's own
    const fields = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
    yield put(notify({ kind: 'error', message: [errorText(error, locale), ...fields].join(' ') }));
  }
}

function* exportCsv(deps: ConsoleSagaDeps, action: ReturnType<typeof exportRequested>) {
  const locale: Locale = yield select(selectLocale);
  try {
    yield call(deps.download, action.payload.path);
  } catch (error) {
    yield put(notify({ kind: 'error', message: errorText(error, locale) }));
  }
}

/** The admin console's loads, changes (with their success toast) and CSV downloads. */
export function* consoleSaga(deps: ConsoleSagaDeps) {
  yield all([
    takeEvery(listRequested.type, loadList, deps),
    takeEvery(detailRequested.type, loadDetail, deps),
    takeEvery(mutationRequested.type, mutate, deps),
    takeEvery(exportRequested.type, exportCsv, deps),
  ]);
}

export interface DownloadEnv {
  apiKey: string;
  fetch: typeof fetch;
  getLocale(): Locale;
  getToken(): string | null;
}

/** Fetches a file with the API headers and hands it to the browser as a download (its own file name). */
export function createDownloader(env: DownloadEnv) {
  return async (path: string): Promise<void> => {
    const locale = env.getLocale();
    const token = env.getToken();
    const response = await env.fetch(`/api${path}`, {
      headers: {
        'Accept-Language': locale,
        'x-api-key': env.apiKey,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw toApiError({ status: response.status, statusText: response.statusText, body }, locale);
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    // the UTF-8 name when the server gave one (a Japanese file name), else the plain one
    const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const name = (utf8 ? decodeURIComponent(utf8) : /filename="([^"]+)"/.exec(disposition)?.[1]) ?? 'export.csv';
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}
