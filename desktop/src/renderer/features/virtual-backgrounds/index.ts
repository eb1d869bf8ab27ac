/**
 * Virtual backgrounds: `<BackgroundPicker onSelect={({ id, url }) => …} />` for the camera
 * effects menu (pass `floorId` on a guest's live page), its slice and its saga.
 */
export { BackgroundPicker, type BackgroundPickerProps, type PickedBackground } from './components/BackgroundPicker';
export {
  effectBackgroundOf,
  selectMenuBackgrounds,
  uploadedIdOf,
  selectVirtualBackgrounds,
  pickerOpened,
  virtualBackgroundsReducer,
  type PickerBackground,
  type VirtualBackgroundsState,
  type WithVirtualBackgrounds,
} from './slice';
export { virtualBackgroundsSaga, type VirtualBackgroundSagaDeps } from './sagas';
export { restoreUploadedEffectSaga } from './restore-effect';
