export * from './common';
export * from './health';
export * from './auth';
export * from './countries';
export * from './company';
export * from './employees';
export * from './profile';
