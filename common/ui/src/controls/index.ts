/** @tsudoi/ui/controls: the UI kit's controls (common/ui/README.md). */
export * from './Avatar';
export * from './Button';
export * from './ConfirmDialog';
export * from './ImagePicker';
export * from './ListDialog';
export * from './RoleBadge';
export * from './RoundLink';
export * from './TextField';
export * from './icon-base';
export * from './icons';
export * from './image-file';
export * from './initials';
export * from './use-document-title';
export * from './use-media-query';
export * from './use-modal-dialog';
export * from './use-popup';
