export { RecordingControl } from './components/RecordingControl';
export { RecordingsPage } from './components/RecordingsPage';
export { RecordingDetailPage } from './components/RecordingDetailPage';
export { recordingsSaga, selectMyRoomRecording } from './recordings-sagas';
export { recordingsReducer, selectRecordings, type RecordingsState } from './recordings-slice';
export { RecordingsLink } from './components/RecordingsLink';
