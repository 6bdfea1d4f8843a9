import { render, screen } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { describe, expect, it } from 'vitest';
import { memoryHistory } from '#src/web/routing/history.ts';
import { RouterProvider } from '#src/web/routing/router-context.tsx';
import BlogPostPage from './blog-post-page.tsx';

const renderAt = (path: string) =>
  render(
    <RouterProvider history={memoryHistory(path)}>
      <BlogPostPage />
    </RouterProvider>,
  );

// spec 2: each post has a back link to /blog and an Apply for Beta call to action to /register.
describe('a blog post page', () => {
  it('shows the post its address names, with the way back and the call to action', () => {
    renderAt('/blog/flat-pricing');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Why we charge per team, not per seat');
    expect(screen.getByText('3 min read', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Three prices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: /apply for beta/i })).toHaveAttribute('href', '/register');
  });

  it('shows each post at its own address, a trailing slash included', () => {
    renderAt('/blog/introducing-tessera/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Introducing Tessera');
    expect(screen.getByText('5 min read', { exact: false })).toBeInTheDocument();
  });
});
