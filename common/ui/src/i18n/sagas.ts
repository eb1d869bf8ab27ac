import { call, select, takeLatest } from 'redux-saga/effects';
import { writeLocaleCookie } from '@tsudoi/common/i18n/locale-cookie';
import type { Locale } from '@tsudoi/common';
import { localeChanged, selectLocale } from './slice';

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

function rememberLocale(locale: Locale): void {
  document.cookie = writeLocaleCookie(locale, window.location.protocol === 'https:');
}

function* onLocaleChanged(action: ReturnType<typeof localeChanged>) {
  yield call(applyDocumentLanguage, action.payload);
  yield call(rememberLocale, action.payload);
}

/** Keeps `<html lang>` in step with the locale and remembers a chosen locale in the cookie for 365 days. */
export function* i18nSaga() {
  const locale: Locale = yield select(selectLocale);
  yield call(applyDocumentLanguage, locale);
  yield takeLatest(localeChanged.type, onLocaleChanged);
}
