export { FloorLandingPage } from './components/FloorLandingPage';
export { FloorListPage } from './components/FloorListPage';
export { FloorLivePage } from './components/FloorLivePage';
export { FloorMap, type FloorMapProps, type MapPerson, type MapRoom } from './components/FloorMap';
export { FloorWizardPage } from './wizard/FloorWizardPage';
export { floorDetailReducer, selectFloorDetail, type WithFloorDetail } from './detail-slice';
export { floorFormReducer, type WithFloorForm } from './form-slice';
export { floorListReducer, type WithFloorList } from './list-slice';
export { floorsSaga, type FloorsSagaDeps } from './sagas';
export {
  invitationReceived,
  liveFloorReducer,
  selectLiveFloor,
  type ReceivedInvitation,
  type WithLiveFloor,
} from './live-slice';
export { liveFloorSaga, type LiveFloorSagaDeps } from './live-sagas';
