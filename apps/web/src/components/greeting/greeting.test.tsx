import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { DEFAULT_LOGO_SRC, Greeting, greetingFor } from './greeting';

const at = (hours: number, minutes: number) => new Date(2026, 2, 1, hours, minutes);

describe('greetingFor', () => {
  it.each([
    [0, 0, 'Good Evening'],
    [2, 59, 'Good Evening'],
    [3, 0, 'Good Morning'],
    [11, 59, 'Good Morning'],
    [12, 0, 'Good Afternoon'],
    [16, 59, 'Good Afternoon'],
    [17, 0, 'Good Evening'],
    [23, 59, 'Good Evening'],
  ])('%i:%i is %s', (hours, minutes, expected) => {
    expect(greetingFor(at(hours, minutes))).toBe(expected);
  });
});

describe('Greeting', () => {
  it('greets the account by name with the organization', () => {
    renderWithProviders(
      <Greeting
        name="Ada"
        organizationName="Acme Capital Partners"
        organizationLogo="/logos/acme.png"
        now={at(9, 0)}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Good Morning, Ada' })).toBeInTheDocument();
    expect(screen.getByText('Acme Capital Partners')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Capital Partners logo' })).toHaveAttribute(
      'src',
      '/logos/acme.png',
    );
  });

  it('shows the default image when the organization has no logo', () => {
    renderWithProviders(
      <Greeting
        name="Max"
        organizationName="Acme Capital Partners"
        organizationLogo={null}
        now={at(13, 0)}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Good Afternoon, Max' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Capital Partners logo' })).toHaveAttribute(
      'src',
      DEFAULT_LOGO_SRC,
    );
  });

  it('swaps a failing logo for the default image', () => {
    renderWithProviders(
      <Greeting
        name="Eve"
        organizationName="Cedar Equity"
        organizationLogo="/logos/missing.png"
        now={at(20, 0)}
      />,
    );
    const logo = screen.getByRole('img', { name: 'Cedar Equity logo' });
    fireEvent.error(logo);
    expect(screen.getByRole('img', { name: 'Cedar Equity logo' })).toHaveAttribute('src', DEFAULT_LOGO_SRC);
  });

  it('lets the caller wrap the organization (a link once the organization page exists)', () => {
    renderWithProviders(
      <Greeting
        name="Ada"
        organizationName="Acme Capital Partners"
        now={at(9, 0)}
        renderOrganization={(content) => <a href="/organizations/private">{content}</a>}
      />,
    );
    expect(screen.getByRole('link', { name: /Acme Capital Partners/ })).toHaveAttribute(
      'href',
      '/organizations/private',
    );
  });
});
