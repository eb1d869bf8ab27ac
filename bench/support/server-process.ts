/** Moved to server/src/testing (the abuse suite starts the server as a child process too). */
export * from '../../server/src/testing/server-process';
