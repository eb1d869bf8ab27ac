export { FileSharePage } from './components/FileSharePage';
export { fileShareSaga, type FileShareSagaDeps } from './sagas';
export { fileShareReducer, selectFileShare, type WithFileShare } from './slice';
