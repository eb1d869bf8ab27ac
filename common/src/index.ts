export * from './domain';
export * from './errors';
export * from './i18n';
export * from './protocol/rest';
export * from './protocol/socket';
export * from './protocol/ipc';
export {
  hasUnsafeCharacters,
  isSafeTextSchema,
  safeDisplayText,
  safeMultilineText,
  UNSAFE_TEXT_MESSAGE,
} from './protocol/safe-text';
