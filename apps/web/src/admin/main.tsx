import 'bootstrap/dist/css/bootstrap.min.css';
import './admin.css';
import '../components/a11y.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { router } from './router.tsx';
import { endSessionOnUnauthorized } from './shell/endSession.ts';

endSessionOnUnauthorized(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
