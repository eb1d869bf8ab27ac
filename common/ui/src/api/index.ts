/** @tsudoi/ui/api: the UI kit's api (common/ui/README.md). */
export * from './api';
export * from './chunk-reload';
export * from './config';
export * from './retry';
export * from './session-refresh';
export * from './token-store';
