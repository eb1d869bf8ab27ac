export { MediaStage } from './components/MediaStage';
export { mediaReducer, selectMedia, type MediaState, type WithMedia } from './media-slice';
export { mediaSaga } from './media-sagas';
export { DeviceCheckPage } from './components/DeviceCheckPage';
export { floorEntryPath } from './preferences';
