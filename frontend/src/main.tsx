import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createI18n } from './app/i18n';
import { AppRoutes, loadAuthScreens } from './app/router';
import { setupStore } from './app/store';
import { startInstallPromptCapture } from './features/install/installPrompt';
import './styles.css';

startInstallPromptCapture();
const store = setupStore();
// Nobody signed in: fetch the sign-in screens now, in parallel with the first render.
if (store.getState().session.status !== 'signedIn') void loadAuthScreens();
const i18n = createI18n();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
