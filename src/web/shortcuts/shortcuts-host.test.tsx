import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { listenForSearch } from '#src/web/lib/search-request.ts';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import ShortcutsHost from './shortcuts-host.tsx';

function setup() {
  const history = memoryHistory('/dashboard');
  render(
    <RouterProvider history={history}>
      <label>
        Title
        <input />
      </label>
      <button type="button">Somewhere</button>
      <ShortcutsHost />
    </RouterProvider>,
  );
  return { user: userEvent.setup(), history };
}

describe('keyboard shortcuts', () => {
  it('go to the board, the calendar and the inbox with g then a key, and c opens a new task', async () => {
    const { user, history } = setup();
    await user.keyboard('gb');
    await waitFor(() => expect(history.location().pathname).toBe('/board'));
    await user.keyboard('gc');
    await waitFor(() => expect(history.location().pathname).toBe('/calendar'));
    await user.keyboard('gi');
    await waitFor(() => expect(`${history.location().pathname}${history.location().search}`).toBe('/my-work?view=inbox'));
    await user.keyboard('c');
    await waitFor(() => expect(`${history.location().pathname}${history.location().search}`).toBe('/board?new=1'));
  });

  it('never fire while typing in a field', async () => {
    const { user, history } = setup();
    await user.click(screen.getByLabelText('Title'));
    await user.keyboard('gbc/?');
    expect(screen.getByLabelText('Title')).toHaveValue('gbc/?');
    expect(history.location().pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('/ asks for the search palette; ? shows the sheet, and Escape closes it', async () => {
    const { user } = setup();
    const asked: string[] = [];
    const stop = listenForSearch((text) => asked.push(text));
    await user.keyboard('/');
    expect(asked).toEqual(['']);
    stop();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(sheet).toHaveTextContent('Go to the calendar');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
