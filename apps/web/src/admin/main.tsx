import 'bootstrap/dist/css/bootstrap.min.css';
import './admin.css';
import { ADMIN_ROUTE, SERVER_MSG } from '@eta/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'react-toastify';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { signOut } from '../store/index.ts';
import { App } from './App.tsx';
import { router } from './router.tsx';

// SPEC §8: a 401 anywhere shows its message, removes the stored user and goes to /.
// One toast id, so a burst of parallel 401s shows a single message.
setUnauthorizedHandler((message) => {
  toast.error(message || SERVER_MSG.unauthorized, { toastId: 'session-ended' });
  signOut();
  void router.navigate(ADMIN_ROUTE.home, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
