import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';

describe('Avatar (spec 2)', () => {
  it('shows the picture when set', () => {
    render(<Avatar name="Ada Lovelace" picture="https://example.com/ada.png" />);
    expect(screen.getByRole('img', { name: "Ada Lovelace's avatar" })).toHaveAttribute('src', 'https://example.com/ada.png');
    expect(screen.queryByText('AL')).not.toBeInTheDocument();
  });

  it('falls back to the initials when the picture does not load', () => {
    render(<Avatar name="Ada Lovelace" picture="https://example.com/broken.png" />);
    // A picture that fails to load is an event of the page, not of the person: fired directly.
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AL')).toBeVisible();
  });

  it("treats the string 'null' and the empty string as no picture", () => {
    const { rerender } = render(<Avatar name="Grace Hopper" picture="null" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('GH')).toBeVisible();
    rerender(<Avatar name="Grace Hopper" picture="" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows an icon instead of the initials where the fallback is the icon (the app shell)', () => {
    render(<Avatar name="Ada Lovelace" picture="https://example.com/broken.png" fallback="icon" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByTestId('avatar-icon')).toBeTruthy();
    expect(screen.queryByText('AL')).toBeNull();
  });

  it("shows 'U' with no name", () => {
    render(<Avatar name="" picture={null} />);
    expect(screen.getByText('U')).toBeVisible();
  });

  it('comes in the sizes sm, md, lg and xl', () => {
    const sizes = (['sm', 'md', 'lg', 'xl'] as const).map((size) => {
      const { container } = render(<Avatar name="Ada" size={size} />);
      return container.firstElementChild!.className.match(/size-\d+/)![0];
    });
    expect(new Set(sizes).size).toBe(4);
  });
});
