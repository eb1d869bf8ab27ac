import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NO_EFFECT, sameEffect, type CameraEffect } from './effect-types';

export interface CameraEffectState {
  /** The effect in use (kept across rooms and, in localStorage, across visits). */
  current: CameraEffect;
  /** The latest effect chosen and not applied yet (the queue applies only the latest). */
  pending: CameraEffect | null;
}

export interface WithCameraEffect {
  cameraEffect: CameraEffectState;
}

export const cameraEffectInitialState: CameraEffectState = { current: NO_EFFECT, pending: null };

const slice = createSlice({
  name: 'cameraEffect',
  initialState: cameraEffectInitialState,
  reducers: {
    /** The user picked an effect in the menu. */
    effectChosen(state, action: PayloadAction<CameraEffect>) {
      state.pending = action.payload;
    },
    /** The effect now in use after `chosen` was handled: `chosen` itself, or the one kept when it was refused. */
    effectApplied(state, action: PayloadAction<{ effect: CameraEffect; chosen: CameraEffect }>) {
      state.current = action.payload.effect;
      if (state.pending && sameEffect(state.pending, action.payload.chosen)) state.pending = null;
    },
  },
});

export const { effectChosen, effectApplied } = slice.actions;
export const cameraEffectReducer = slice.reducer;
export const selectCameraEffect = (state: WithCameraEffect): CameraEffectState => state.cameraEffect;

/** This feature's part of the store's state (app/root-state.ts). */
declare module '../../../app/root-state' {
  interface RootState {
    cameraEffect: ReturnType<typeof cameraEffectReducer>;
  }
}
