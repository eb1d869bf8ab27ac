/** @tsudoi/ui/session: the UI kit's session (common/ui/README.md). */
export * from './AvatarMenu';
export * from './CredentialsForm';
export * from './SessionStatus';
export * from './revocation-saga';
export * from './sagas';
export * from './session-revocation';
export * from './slice';
export * from './socket-types';
export * from './validation';
