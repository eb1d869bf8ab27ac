export * from './constants';
export * from './locale';
export * from './accounts';
export * from './floors';
