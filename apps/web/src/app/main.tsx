import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { watchSessionInOtherTabs } from '../lib/session/watch-other-tabs';
import { createAppStore } from '../lib/store';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

const store = createAppStore();
watchSessionInOtherTabs(store.dispatch);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  </StrictMode>,
);
