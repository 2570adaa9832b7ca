import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { DateField } from './date-field';

function Picked({ initial }: { initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField label="Day" value={value} onChange={setValue} />
      <output>{value === null ? 'none' : value}</output>
    </>
  );
}

describe('DateField', () => {
  it('shows and takes a whole day as YYYY-MM-DD, ignores a half-typed one and clears to null', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picked initial="2004-03-15" />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('2004-03-15');

    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await user.type(input, '2026-0');
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await user.type(input, '2-30');
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await user.clear(input);
    await user.type(input, '2026-01-15');
    expect(screen.getByRole('status')).toHaveTextContent('2026-01-15');
    await user.tab();
    expect(input).toHaveValue('2026-01-15');
  });

  it('clears with a named button (an icon alone would be nameless to a screen reader)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picked initial="2004-03-15" />);
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByLabelText('Day')).toHaveValue('');
  });
});
