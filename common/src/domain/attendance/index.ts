export * from './time-zone';
export * from './status';
export * from './shift-rules';
export * from './report';
export * from './ranges';
export * from './time-log-rules';
