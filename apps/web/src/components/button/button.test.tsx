import { screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { BUTTON_APPEARANCE, BUTTON_SIZE_MAP, BUTTON_SIZES, BUTTON_TYPES, Button } from './button';

describe('Button', () => {
  it('maps every product type to a Mantine variant', () => {
    expect(BUTTON_TYPES).toEqual([
      'primary',
      'secondary',
      'tertiary',
      'blanc',
      'success',
      'action',
      'warning',
      'error',
      'primary-outlined',
    ]);
    expect(BUTTON_APPEARANCE.primary).toEqual({ variant: 'filled', color: 'parity' });
    expect(BUTTON_APPEARANCE['primary-outlined']).toEqual({ variant: 'outline', color: 'parity' });
    expect(BUTTON_APPEARANCE.blanc.variant).toBe('default');
    expect(BUTTON_APPEARANCE.error).toEqual({ variant: 'filled', color: 'danger' });
    expect(BUTTON_APPEARANCE.warning.autoContrast).toBe(true);
    expect(BUTTON_SIZES.map((size) => BUTTON_SIZE_MAP[size])).toEqual(['xs', 'sm', 'md']);
  });

  it.each(BUTTON_TYPES.map((type) => [type]))('renders the %s type with its variant', (type) => {
    renderWithProviders(<Button kind={type}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('data-variant', BUTTON_APPEARANCE[type].variant);
    expect(button).toHaveAttribute('data-kind', type);
  });

  it('is a primary, medium, type="button" button by default', () => {
    renderWithProviders(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-kind', 'primary');
    expect(button).toHaveAttribute('data-size', 'medium');
  });

  it('keeps the HTML type for forms and can render as a link', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <Button type="submit" size="large">
              Submit
            </Button>
            <Button component={Link} to="/terms" kind="tertiary" size="small">
              Terms
            </Button>
          </>
        ),
      },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('button', { name: 'Submit' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('data-size', 'large');
    const link = screen.getByRole('link', { name: 'Terms' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('data-variant', 'subtle');
  });
});
