export { LanguageSelector } from './components/LanguageSelector';
export { LocaleProvider } from './components/LocaleProvider';
export { i18nSaga } from './sagas';
export { i18nReducer, localeChanged, selectLocale, type I18nState, type WithI18n } from './slice';
