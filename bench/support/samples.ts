/** Moved to server/src/testing (shared with the abuse suite). */
export * from '../../server/src/testing/samples';
