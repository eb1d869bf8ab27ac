export { HostMediaMenu } from './components/HostMediaMenu';
export { MediaRequestCards } from './components/MediaRequestCards';
export { PersonMediaRequest } from './components/PersonMediaRequest';
export { mediaRequestsSaga } from './requests-sagas';
export { mediaRequestsReducer, selectMediaRequests, type WithMediaRequests } from './requests-slice';
