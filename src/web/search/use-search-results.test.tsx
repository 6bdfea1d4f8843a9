import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../tests/support/fake-api.ts';
import type { SearchFilters } from './search-api.ts';
import { useSearchResults } from './use-search-results.ts';

const filters: SearchFilters = { kind: '', workspace: '' };
const searched = (api: ReturnType<typeof fakeApi>) =>
  api.calls.map((call) => new URL(call.route.slice(4), 'http://x').searchParams.get('q'));

describe('the palette’s search requests', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends text typed after a pause at once, and while typing goes on, only the text a pause leaves', () => {
    vi.useFakeTimers();
    const api = fakeApi({});
    const { rerender } = renderHook(({ text }) => useSearchResults(text, filters), { initialProps: { text: 'bud' } });
    expect(searched(api)).toEqual(['bud']);
    rerender({ text: 'budg' });
    act(() => void vi.advanceTimersByTime(50));
    rerender({ text: 'budget' });
    act(() => void vi.advanceTimersByTime(119));
    expect(searched(api)).toEqual(['bud']);
    act(() => void vi.advanceTimersByTime(1));
    expect(searched(api)).toEqual(['bud', 'budget']);
    // A word typed after a pause goes at once again.
    act(() => void vi.advanceTimersByTime(500));
    rerender({ text: 'budget review' });
    expect(searched(api)).toEqual(['bud', 'budget', 'budget review']);
  });
});
