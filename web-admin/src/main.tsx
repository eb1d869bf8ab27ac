import '@tsudoi/ui/zod-jitless';
import { createRoot } from 'react-dom/client';
import { installChunkReload, readClientConfig } from '@tsudoi/ui/api';
import '@tsudoi/ui/controls/theme.css';
import { App } from './app/App';
import { createAdminStore } from './app/store';

installChunkReload(window);

const config = readClientConfig(document);
const store = createAdminStore({
  config,
  cookies: document.cookie,
  storage: window.localStorage,
  fetch: window.fetch.bind(window),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App store={store} config={config} />);
