// What start-up does not need is loaded at its first use: the bundler makes each dynamic import() a
// chunk of its own, read from disk and compiled only when asked for, so a server that never opens a
// docs page never pays for the editor's schema (decision 036, the cold start and idle memory budgets).
//
//   const markdown = lazy(() => import('./markdown.ts'));
//   …
//   const { toMarkdown } = await markdown();
//
// `load` runs once; every caller, concurrent ones included, gets the same result. A failed load is
// forgotten, so the next caller tries again rather than inheriting the failure.
export interface Lazy<T> {
  (): Promise<T>;
  // The load if anyone asked for it yet, else null: for closing what was started without starting it.
  started(): Promise<T> | null;
}

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | null = null;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  return Object.assign(get, { started: () => pending });
}
