import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

// A component whose code is a chunk of its own, kept off a page's first load: `preload` fetches it (a
// failure is left for the render to meet), and rendering it suspends until it is in.
export type DeferredComponent<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<void> };

export function deferredComponent<P>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  // One fetch for the preload and the render; a failed one (offline) is tried again by the next.
  const once = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Once the code is in, the first render uses it at once: React's lazy takes a thenable that calls back
  // right away without suspending, where a promise, even a settled one, shows the fallback for a frame.
  const inHand = (component: ComponentType<P>) =>
    ({ then: (settle: (module: { default: ComponentType<P> }) => void) => settle({ default: component }) }) as unknown as Promise<{
      default: ComponentType<P>;
    }>;
  return Object.assign(
    lazy(() => (loaded ? inHand(loaded) : once().then((component) => ({ default: component })))),
    {
      preload: () =>
        once().then(
          () => undefined,
          () => undefined,
        ),
    },
  );
}

// A deferred component that shows `placeholder` in its place until its code is in: for a part wanted as
// the page opens, whose space should not stay empty (or move what is around it) meanwhile.
export function withPlaceholder<P extends object>(component: DeferredComponent<P>, placeholder: ReactNode) {
  const Deferred = component as ComponentType<P>;
  return function Placeheld(props: P) {
    return (
      <Suspense fallback={placeholder}>
        <Deferred {...props} />
      </Suspense>
    );
  };
}

// Runs `work` when the browser is idle, no sooner than `after` ms: code a person may want soon loads
// once the page has shown its data, not in the middle of showing it. Returns a cancel.
export function whenIdle(work: () => void, after = 1_500): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(work, { timeout: 2_000 });
    else work();
  }, after);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

// Preloads a page's deferred components once it is idle (`components`: a module-level list, so the
// effect runs once per mount).
export function usePreloadWhenIdle(components: readonly { preload: () => Promise<void> }[]) {
  useEffect(
    () =>
      whenIdle(() => {
        for (const component of components) void component.preload();
      }),
    [components],
  );
}

// Mounts its children the first time `open` is true, and keeps them mounted: a deferred dialog's code
// loads when it is first wanted, and it closes the way every dialog does.
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
