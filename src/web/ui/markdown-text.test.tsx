import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boundNesting, MAX_MARKDOWN_NESTING } from './markdown-nesting.ts';
import { MarkdownText } from './markdown-text.tsx';

describe('MarkdownText', () => {
  it('shows a description of 9,999 nested quotes without taking the page down', () => {
    const { container } = render(<MarkdownText source={`${'>'.repeat(9999)} x`} />);
    expect(container.querySelectorAll('blockquote')).toHaveLength(MAX_MARKDOWN_NESTING);
    expect(container.textContent).toContain('>>>');
    expect(container.textContent).toContain('x');
  });

  it('bounds nested list markers too', () => {
    const { container } = render(<MarkdownText source={`${'- '.repeat(5000)}deep`} />);
    expect(container.querySelectorAll('ul')).toHaveLength(MAX_MARKDOWN_NESTING);
    expect(screen.getByText(/deep/)).toBeInTheDocument();
  });

  it('leaves ordinary Markdown as it is', () => {
    const source = '> quoted\n\n- one\n  - two\n\n1. first\n\n**bold** and `code`';
    expect(boundNesting(source)).toBe(source);
    render(<MarkdownText source={source} />);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('drops raw HTML and unsafe links', () => {
    const { container } = render(<MarkdownText source={'<img src=x onerror=alert(1)> [go](javascript:alert(1))'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('go').getAttribute('href') ?? '').not.toContain('javascript');
  });
});
