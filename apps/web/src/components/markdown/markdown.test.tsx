import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { MarkdownText } from './markdown';

describe('MarkdownText', () => {
  it('renders headings, emphasis, lists and links', () => {
    renderWithProviders(
      <MarkdownText>
        {'## Reporting\n\nSave **each tab**.\n\n- one\n- two\n\n[Scores](/faq#scores)'}
      </MarkdownText>,
    );
    expect(screen.getByRole('heading', { name: 'Reporting' })).toBeInTheDocument();
    expect(screen.getByText('each tab').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Scores' })).toHaveAttribute('href', '/faq#scores');
  });

  it('never renders raw HTML nor script links', () => {
    const { container } = renderWithProviders(
      <MarkdownText>{'<script>alert(1)</script><b>bold</b>\n\n[click](javascript:alert(1))'}</MarkdownText>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('click').getAttribute('href') ?? '').not.toContain('javascript');
  });
});
