export * from './constants';
export * from './locale';
export * from './accounts';
export * from './floors';
export * from './floor-plans';
export * from './attendance';
export * from './plans';
