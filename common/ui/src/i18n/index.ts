export { LanguageSelector } from './LanguageSelector';
export { LanguageToggle } from './LanguageToggle';
export { LocaleProvider } from './LocaleProvider';
export { i18nSaga } from './sagas';
export { i18nReducer, localeChanged, selectLocale, type I18nState, type WithI18n } from './slice';
