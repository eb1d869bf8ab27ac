import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationKind = 'success' | 'error' | 'warning';

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** Already translated (server messages arrive in the user's language). */
  message: string;
  /** Where the person can act on it (the owner's "upgrade on the plan page"), already translated. */
  link?: { to: string; label: string };
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
        const { kind, message } = action.payload;
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
