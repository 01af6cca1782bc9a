import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer, Zoom } from 'react-toastify';
import { store } from '../store/index.ts';
import { router } from './router.tsx';

/**
 * SPEC §9 admin toasts: top-right, 5000 ms, pause on hover and focus loss, drag to dismiss at 80%.
 * They open in the top bar (admin.css) and pile up behind the newest (`stacked`) instead of
 * reaching down over the page's own controls; hovering fans them out. They grow in place (Zoom):
 * the default bounce comes in from the right edge, across the user menu.
 */
export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer
        position="top-right"
        autoClose={5000}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        stacked
        transition={Zoom}
        role="none"
      />
    </Provider>
  );
}
