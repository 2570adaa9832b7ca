import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { PICKER_TAG_MAX_CHARS, PICKER_TAGS_MAX, PickerTags, truncateTag } from './picker-tags';

describe('PickerTags', () => {
  it('has the spec limits', () => {
    expect(PICKER_TAGS_MAX).toBe(2);
    expect(PICKER_TAG_MAX_CHARS).toBe(28);
  });

  it('cuts names longer than 28 characters', () => {
    expect(truncateTag('a'.repeat(28))).toBe('a'.repeat(28));
    expect(truncateTag('a'.repeat(29))).toBe(`${'a'.repeat(28)}…`);
    expect(truncateTag('Diversified Financial Services Group')).toBe('Diversified Financial Servic…');
  });

  it('shows at most two tags, the full name in the title of a cut one, then +N', () => {
    renderWithProviders(
      <PickerTags
        label="Selected industries"
        names={['Financials', 'Diversified Financial Services Group', 'Asset Management', 'Banks']}
      />,
    );
    const group = screen.getByRole('group', { name: 'Selected industries' });
    expect(within(group).getByText('Financials')).not.toHaveAttribute('title');
    const cut = within(group).getByText('Diversified Financial Servic…');
    expect(cut.closest('[title]')).toHaveAttribute('title', 'Diversified Financial Services Group');
    expect(within(group).queryByText('Asset Management')).not.toBeInTheDocument();
    expect(within(group).getByText('+2')).toBeInTheDocument();
    expect(within(group).getByLabelText('2 more: Asset Management, Banks')).toBeInTheDocument();
  });

  it('shows no +N for two names, and the empty text or nothing for none', () => {
    const { rerender } = renderWithProviders(<PickerTags names={['A', 'B']} />);
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument();
    rerender(<PickerTags names={[]} emptyText="None chosen" />);
    expect(screen.getByText('None chosen')).toBeInTheDocument();
    rerender(<PickerTags names={[]} />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
