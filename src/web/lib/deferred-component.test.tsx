import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType, type JSX } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredComponent, OnceOpened, whenIdle, withPlaceholder } from './deferred-component.tsx';

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits out the delay, then for the browser to be idle', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    const work = vi.fn();
    whenIdle(work, 1_000);
    vi.advanceTimersByTime(999);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    idle[0]!();
    expect(work).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled, before the delay or while waiting for idle time', () => {
    const cancelIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const early = vi.fn();
    whenIdle(early, 1_000)();
    vi.advanceTimersByTime(5_000);
    expect(early).not.toHaveBeenCalled();
    const cancel = whenIdle(vi.fn(), 1_000);
    vi.advanceTimersByTime(1_000);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });

  it('runs after the delay where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, 500);
    vi.advanceTimersByTime(500);
    expect(work).toHaveBeenCalledOnce();
  });
});

describe('deferredComponent', () => {
  it('loads its code once, whether preloaded or rendered, and renders it', async () => {
    const load = vi.fn(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    const Greeting = deferredComponent(load);
    await Greeting.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Greeting name="Ada" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    const Dialog = deferredComponent(() => Promise.resolve(() => <p>Dialog</p>));
    await Dialog.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Dialog />
      </Suspense>,
    );
    expect(screen.getByText('Dialog')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('tries again after a preload that failed, and the render gets the code', async () => {
    const load = vi
      .fn<() => Promise<() => JSX.Element>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(() => <p>Loaded</p>);
    const Later = deferredComponent(load);
    await expect(Later.preload()).resolves.toBeUndefined();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Later />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('withPlaceholder', () => {
  it('shows the placeholder in the part’s place until its code is in, then the part', async () => {
    type ComposerProps = { name: string };
    let arrive!: (component: ComponentType<ComposerProps>) => void;
    const Composer = withPlaceholder(
      deferredComponent<ComposerProps>(() => new Promise((resolve) => (arrive = resolve))),
      <p>Keeping its place</p>,
    );
    render(<Composer name="Ada" />);
    expect(screen.getByText('Keeping its place')).toBeInTheDocument();
    arrive(({ name }: ComposerProps) => <p>Write to {name}</p>);
    expect(await screen.findByText('Write to Ada')).toBeInTheDocument();
    expect(screen.queryByText('Keeping its place')).toBeNull();
  });
});

describe('OnceOpened', () => {
  it('mounts nothing until first opened, then keeps its children mounted when closed', () => {
    const dialog = (open: boolean) => (
      <OnceOpened open={open}>
        <p>{open ? 'Open' : 'Closing'}</p>
      </OnceOpened>
    );
    const { rerender } = render(dialog(false));
    expect(screen.queryByText(/Open|Closing/)).toBeNull();
    rerender(dialog(true));
    expect(screen.getByText('Open')).toBeInTheDocument();
    rerender(dialog(false));
    expect(screen.getByText('Closing')).toBeInTheDocument();
  });
});
