import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { RouteErrorPage } from './pages/route-error-page';

// One data router; the routes inside depend on the session (see app-routes.tsx).
const router = createBrowserRouter([{ path: '*', element: <AppRoutes />, errorElement: <RouteErrorPage /> }]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
