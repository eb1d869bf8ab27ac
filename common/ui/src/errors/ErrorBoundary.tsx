import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

interface ErrorBoundaryProps {
  children: ReactNode;
  loginPath?: string;
}

/**
 * A render crash shows the 500 error page instead of a blank window (React
 * itself logs the error). Must sit inside the LocaleProvider.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPage status={500} loginPath={this.props.loginPath} /> : this.props.children;
  }
}
