export { ProfileEditPage } from './components/ProfileEditPage';
export { ProfilePage } from './components/ProfilePage';
export { profileSaga, type ProfileSagaDeps } from './sagas';
export { profileReducer, selectProfile, type ProfileState, type WithProfile } from './slice';
