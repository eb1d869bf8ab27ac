export { ErrorBoundary } from './ErrorBoundary';
export { ErrorPage, type ErrorPageProps } from './ErrorPage';
