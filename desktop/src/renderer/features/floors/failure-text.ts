import { select } from 'redux-saga/effects';
import type { Locale } from '@tsudoi/common';
import { errorText } from '@tsudoi/ui/api';
import { selectLocale } from '@tsudoi/ui/i18n';

/** The text to show for anything a call threw, in the current language. */
export function* failureText(error: unknown) {
  const locale: Locale = yield select(selectLocale);
  return errorText(error, locale);
}
