import { Table } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { WideTable } from './wide-table';

const CUE = 'Scroll sideways to see every column';

function Grants() {
  return (
    <WideTable label="Our grants" actionsLast>
      <Table miw={720} aria-label="Our grants">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Acme</Table.Td>
            <Table.Td>
              <button type="button">Revoke</button>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/** jsdom lays nothing out: the box is given a phone's width under a wider table. */
function narrowBox(box: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
}

afterEach(() => document.body.replaceChildren());

describe('wide table', () => {
  it('says columns are out of view until the box is scrolled to its end', () => {
    renderWithProviders(<Grants />);
    const box = screen.getByRole('region', { name: 'Our grants (scrolls sideways)' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText(CUE)).not.toBeInTheDocument();

    narrowBox(box, 720, 358);
    fireEvent.scroll(box);
    expect(screen.getByText(CUE)).toBeVisible();
    box.scrollLeft = 362;
    fireEvent.scroll(box);
    expect(screen.queryByText(CUE)).not.toBeInTheDocument();
  });

  it('keeps the actions column at the right edge (sticky) when asked', () => {
    renderWithProviders(<Grants />);
    const box = screen.getByRole('region', { name: 'Our grants (scrolls sideways)' });
    expect(box).toHaveAttribute('data-actions-last');
    const cells = within(box).getAllByRole('cell');
    expect(within(cells.at(-1) as HTMLElement).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });
});
