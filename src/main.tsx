import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { initI18n } from './i18n/i18n';
import { createRuntime } from './app/runtime';
import { RuntimeProvider } from './hooks/runtime';
import { installRootFontSize } from './hooks/useRootFontSize';
import { App } from './app/App';

const runtime = createRuntime();
installRootFontSize();
await initI18n(runtime.store.getState().session.language);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeProvider value={runtime}>
      <App />
    </RuntimeProvider>
  </StrictMode>,
);
