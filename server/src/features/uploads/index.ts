export { ImageStore, FILES_PATH, formatBytes } from './images';
export { isStoredName, newStoredName, StoredFiles } from './stored-files';
export { filesRoutes } from './files.routes';
export { StorageQuota, quotaRefusal, remainingBytes, type StoragePayer, type StorageStatus } from './storage-quota';
export { DEFAULT_UPLOAD_CONFIG, type UploadConfig } from './upload-config';
export { UploadSweeper, type SweepTask } from './upload-sweeper';
export { UploadBudget, tighter, type Uploader, type UploadBudgets } from './upload-budget';
