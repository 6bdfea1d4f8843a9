import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadRoute } from './router';
import { browserHistory, RouterProvider, startScrollMemory } from './routing';

async function start() {
  const container = document.getElementById('root')!;
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await preloadRoute(window.location.pathname);
  startScrollMemory();
  const app = (
    <StrictMode>
      <RouterProvider history={browserHistory()} scroll>
        <App />
      </RouterProvider>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
