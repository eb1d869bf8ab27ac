export { ImageStore, FILES_PATH, formatBytes } from './images';
export { filesRoutes } from './files.routes';
