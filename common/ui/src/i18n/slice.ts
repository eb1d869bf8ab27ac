import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type Locale } from '@tsudoi/common';

export interface I18nState {
  locale: Locale;
}

/** Any store that mounts this slice under `i18n` (the floor UI and the admin UI both do). */
export interface WithI18n {
  i18n: I18nState;
}

const initialState: I18nState = { locale: DEFAULT_LOCALE };

const i18nSlice = createSlice({
  name: 'i18n',
  initialState,
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
  },
});

export const { localeChanged } = i18nSlice.actions;
export const i18nReducer = i18nSlice.reducer;
export const selectLocale = (state: WithI18n): Locale => state.i18n.locale;
