import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's state, as the typed hooks (app/hooks.ts) see it. Each feature
 * adds its own part where its reducer is (`declare module
 * '…/app/root-state' { interface RootState { key: … } }` in its slice), so
 * this module imports no feature and a component's import of the hooks never
 * pulls the store, the root saga and every other feature in (the import
 * circle `npm test` refuses). app/store.ts checks that its reducers make
 * exactly this state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features' declarations
export interface RootState {}

/** Sagas do the asynchronous work: the store dispatches plain actions. */
export type AppDispatch = Dispatch<UnknownAction>;
