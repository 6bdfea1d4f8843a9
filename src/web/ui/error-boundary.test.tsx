import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderError } from '#src/shared/messages.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageError } from './page-error.tsx';

function Broken({ when }: { when: boolean }) {
  if (when) throw new Error('broken widget');
  return <p>page content</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('keeps the rest of the app on screen when a page throws, and tries again on the next page', () => {
    const shell = (key: string, broken: boolean) => (
      <div>
        <nav>shell navigation</nav>
        <ErrorBoundary resetKey={key} fallback={<PageError />}>
          <Broken when={broken} />
        </ErrorBoundary>
      </div>
    );
    const { rerender } = render(shell('/board', true));
    expect(screen.getByText('shell navigation')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(renderError.page);
    expect(screen.getByRole('button', { name: renderError.reload })).toBeInTheDocument();
    rerender(shell('/calendar', false));
    expect(screen.getByText('page content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
