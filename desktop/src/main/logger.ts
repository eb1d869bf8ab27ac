/** Where main-process problems are reported: console for now (index.ts), a log file later. */
export type Logger = Pick<Console, 'error'>;
