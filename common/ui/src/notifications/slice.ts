import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationKind = 'success' | 'error' | 'warning';

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** Already translated (server messages arrive in the user's language). */
  message: string;
  /** Where the person can act on it (the owner's "upgrade on the plan page"), already translated. */
  link?: { to: string; label: string };
  /**
   * Shown as a modal error dialog, closed by the person, not as a toast (spec §8.1: a server answering above
   * 500, its status text). A toast with the same text while it is open is not shown twice.
   */
  dialog?: boolean;
}

export interface WithNotifications {
  notifications: Notification[];
}

/** More than this many toasts at once is noise: the oldest go first. */
const MAX_VISIBLE = 4;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as Notification[],
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notification>) {
        const { kind, message, dialog } = action.payload;
        // the dialog says it already: the call's own toast of the same text is left out
        if (!dialog && state.some((item) => item.dialog && item.message === message)) return state;
        const others = state.filter((item) => item.kind !== kind || item.message !== message);
        return [...others, action.payload].slice(-MAX_VISIBLE);
      },
      prepare: (notification: Omit<Notification, 'id'>) => ({ payload: { id: nanoid(), ...notification } }),
    },
    dismissed(state, action: PayloadAction<string>) {
      return state.filter((item) => item.id !== action.payload);
    },
    /** The errors shown are settled (e.g. a sign-in went through after a refused one): they go at once. */
    errorsDismissed(state) {
      return state.filter((item) => item.kind !== 'error');
    },
  },
});

export const { notify, dismissed, errorsDismissed } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
export const selectNotifications = (state: WithNotifications): Notification[] => state.notifications;
