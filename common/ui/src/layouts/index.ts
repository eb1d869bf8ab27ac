/** @tsudoi/ui/layouts: the UI kit's layouts (common/ui/README.md). */
export * from './NoAuthLayout';
