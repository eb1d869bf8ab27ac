export { ImageStore, FILES_PATH, formatBytes } from './images';
export { isStoredName, StoredFiles } from './stored-files';
export { filesRoutes } from './files.routes';
