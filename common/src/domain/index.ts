export * from './constants';
export * from './locale';
export * from './accounts';
