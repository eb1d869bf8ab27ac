/**
 * Camera effects (spec §4 visual effect): none, blur, background image, with
 * MediaPipe's person segmenter served from our own origin. The media client
 * asks `cameraEffects.withEffect(track)` for the track to show and send.
 */
export { cameraEffects, type OutputChange } from './camera-effects';
export { EffectsMenu, type EffectsMenuProps, type MenuBackground } from './components/EffectsMenu';
export { cameraEffectSaga } from './effects-saga';
export { storedUploadedBackgroundId } from './effect-storage';
export { cameraEffectReducer, effectChosen, selectCameraEffect, type WithCameraEffect } from './effects-slice';
export type { CameraEffect, EffectBackground, EffectMode } from './effect-types';
