import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { AdminCard } from './admin-card';
import { clipTitle, DASHBOARD_TITLE_DEFAULT_LENGTH, DASHBOARD_TITLE_LENGTH } from './dashboard-title';

describe('dashboard titles (spec 9: 100 characters shown, 35 by default)', () => {
  it('are 100 and 35', () => {
    expect(DASHBOARD_TITLE_LENGTH).toBe(100);
    expect(DASHBOARD_TITLE_DEFAULT_LENGTH).toBe(35);
  });

  it('cut at 35 characters, the ellipsis included, where no length is given', () => {
    expect(clipTitle('a'.repeat(35))).toBe('a'.repeat(35));
    expect(clipTitle('a'.repeat(36))).toBe(`${'a'.repeat(34)}…`);
    expect(clipTitle('a'.repeat(101), 100)).toBe(`${'a'.repeat(99)}…`);
    // Whole characters: an emoji is never cut in half.
    expect(clipTitle(`${'a'.repeat(33)}😀😀😀`)).toBe(`${'a'.repeat(33)}😀…`);
  });

  it("show an admin's long name cut at 35, the whole name as tooltip and to screen readers", () => {
    const name = 'Maximiliana Alexandra Featherstonehaugh-Cholmondeley';
    render(
      <TestProviders client={createTestQueryClient()}>
        <ul>
          <AdminCard admin={{ id: 1, name, lastname: null, email: 'max@acme.test', image: null }} />
        </ul>
      </TestProviders>,
    );
    const shown = screen.getByTitle(name);
    expect(shown).toHaveTextContent(clipTitle(name));
    expect(shown.textContent).toHaveLength(DASHBOARD_TITLE_DEFAULT_LENGTH);
    expect(screen.getByText(name)).toBeInTheDocument();
  });
});
