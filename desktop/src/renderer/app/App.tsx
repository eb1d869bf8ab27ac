import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { TeamRemovalDialog } from '../features/auth';
import { ChatConnection } from '../features/chat';
import { DesktopBridge } from '../features/desktop';
import { ErrorBoundary } from '@tsudoi/ui/errors';
import { LocaleProvider } from '@tsudoi/ui/i18n';
import { Toaster } from '@tsudoi/ui/notifications';
import { AppRoutes } from './routes';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <LocaleProvider>
          <ErrorBoundary>
            <BrowserRouter>
              <AppRoutes />
              <DesktopBridge />
              <ChatConnection />
              <TeamRemovalDialog />
            </BrowserRouter>
            <Toaster />
          </ErrorBoundary>
        </LocaleProvider>
      </Provider>
    </StrictMode>
  );
}
