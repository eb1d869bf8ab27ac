import '@tsudoi/ui/zod-jitless';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppStore } from './app/store';
import { installChunkReload, readClientConfig } from '@tsudoi/ui/api';
import '@tsudoi/ui/controls/theme.css';

installChunkReload(window);

const store = createAppStore({
  config: readClientConfig(document),
  cookies: document.cookie,
  storage: window.localStorage,
  fetch: window.fetch.bind(window),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App store={store} />);
