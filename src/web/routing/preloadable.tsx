import { use, type ComponentType } from 'react';

// A component whose code loads on demand and, once loaded, renders without suspending: a prerendered
// page is hydrated after its code has arrived, so the first render matches the HTML.
export function preloadable<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let Loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => (Loaded = module.default),
      (error: unknown) => {
        // A failed download (a dropped connection, a new deploy) is tried again next time.
        pending = null;
        throw error;
      },
    ));
  function Preloadable(props: Props) {
    const Component = Loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
