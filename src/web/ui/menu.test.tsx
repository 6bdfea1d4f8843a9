import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from './menu.tsx';

function Example({ onProfile, onSignOut }: { onProfile: () => void; onSignOut: () => void }) {
  return (
    <nav aria-label="Main">
      <Menu label="Settings" trigger={<button type="button">open</button>}>
        <MenuLabel>ada@example.com</MenuLabel>
        <MenuItem onSelect={onProfile}>Profile</MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={onSignOut}>Sign Out</MenuItem>
      </Menu>
    </nav>
  );
}

describe('Menu (the one dropdown)', () => {
  it('opens from its labelled trigger and renders inside the landmark it was opened from', async () => {
    const user = userEvent.setup();
    render(<Example onProfile={vi.fn()} onSignOut={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Settings' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const menu = screen.getByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toContainElement(menu);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Sign Out']);
  });

  it('is worked by keyboard alone: Enter opens, arrows move, Enter selects and closes', async () => {
    const user = userEvent.setup();
    const onProfile = vi.fn();
    const onSignOut = vi.fn();
    render(<Example onProfile={onProfile} onSignOut={onSignOut} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(onProfile).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to its trigger', async () => {
    const user = userEvent.setup();
    render(<Example onProfile={vi.fn()} onSignOut={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Settings' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
