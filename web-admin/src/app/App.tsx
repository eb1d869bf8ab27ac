import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary, ErrorPage } from '@tsudoi/ui/errors';
import { LocaleProvider } from '@tsudoi/ui/i18n';
import { Toaster } from '@tsudoi/ui/notifications';
import type { ClientConfig } from '@tsudoi/ui/api';
import { AdminRoutes } from './routes';
import type { AdminStore } from './store';

/** With a server-side error (a wrong admin key) the shell shows only the error page. */
export function App({ store, config }: { store: AdminStore; config: ClientConfig }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <LocaleProvider>
          <ErrorBoundary>
            {config.error ? (
              <ErrorPage status={config.error.status} message={config.error.message} />
            ) : (
              <>
                <BrowserRouter>
                  <AdminRoutes />
                </BrowserRouter>
                <Toaster />
              </>
            )}
          </ErrorBoundary>
        </LocaleProvider>
      </Provider>
    </StrictMode>
  );
}
