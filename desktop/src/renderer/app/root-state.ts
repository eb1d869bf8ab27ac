import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { WithI18n } from '@tsudoi/ui/i18n';
import type { WithNotifications } from '@tsudoi/ui/notifications';
import type { WithAuth } from '@tsudoi/ui/session';

/**
 * The store's state, as the typed hooks (app/hooks.ts) see it. Each feature
 * adds its own part where its reducer is (`declare module
 * '…/app/root-state' { interface RootState { key: … } }` in its slice), so
 * this module imports no feature and a component's import of the hooks never
 * pulls the store, the root saga and every other feature in (the import
 * circle `npm test` refuses). The parts the UI kit owns (the language,
 * notifications, the session) are named here. app/store.ts checks that its
 * reducers make exactly this state.
 */
export interface RootState extends WithI18n, WithNotifications, WithAuth {}

/** Sagas do the asynchronous work: the store dispatches plain actions. */
export type AppDispatch = Dispatch<UnknownAction>;
