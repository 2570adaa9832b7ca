import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormattedText } from './formatted-text';

const HOSTILE =
  '<p onclick="x()">Hi <strong>all</strong><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a></p><img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe>';

describe('FormattedText', () => {
  it("shows an answer's allowed tags and safe links only, without attributes", () => {
    expect(renderToStaticMarkup(<FormattedText html={HOSTILE} />)).toBe(
      '<div class="formatted-text"><p>Hi <strong>all</strong>bad<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a></p></div>',
    );
  });

  it("keeps a description's headings, quotes and underline, which an answer reduces to their text", () => {
    const html =
      '<h2>Agenda</h2><blockquote>Be <u>there</u></blockquote><p>mail <a href="mailto:a@b.test">us</a></p>';
    render(<FormattedText kind="description" html={html} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Agenda' })).toBeInTheDocument();
    expect(screen.getByText('there').tagName).toBe('U');
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'mailto:a@b.test');
    expect(renderToStaticMarkup(<FormattedText html={html} />)).toBe(
      '<div class="formatted-text">AgendaBe there<p>mail <a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer nofollow">us</a></p></div>',
    );
  });

  it('drops scripts, handlers and unsafe links from a description too', () => {
    const { container } = render(<FormattedText kind="description" html={HOSTILE} />);
    expect(container.innerHTML).not.toMatch(/script|onclick|onerror|javascript|<img|iframe/);
    expect(screen.getByRole('link', { name: 'ok' })).toHaveAttribute('href', 'https://ok.example');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
  });
});
