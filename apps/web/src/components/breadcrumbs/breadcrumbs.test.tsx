import { screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Breadcrumbs, buildCrumbs } from './breadcrumbs';
import type { RouteHandle } from './route-handle';

const match = (pathname: string, handle?: RouteHandle) =>
  ({ id: pathname, pathname, params: {}, data: undefined, loaderData: undefined, handle }) as UIMatch<
    unknown,
    unknown
  >;

describe('buildCrumbs', () => {
  it('starts with Dashboard and follows the matched segments that carry a crumb', () => {
    expect(
      buildCrumbs([
        match('/', { layout: 'drawer-with-top-bar' }),
        match('/surveys', { crumb: 'Surveys' }),
        match('/surveys/hosting', { crumb: 'Hosting' }),
      ]),
    ).toEqual([
      { label: 'Dashboard', to: '/' },
      { label: 'Surveys', to: '/surveys' },
      { label: 'Hosting', to: '/surveys/hosting' },
    ]);
  });

  it('gives the dashboard one crumb, and builds labels from params', () => {
    expect(buildCrumbs([match('/', { layout: 'top-bar' }), match('/', { crumb: 'Dashboard' })])).toEqual([
      { label: 'Dashboard', to: '/' },
    ]);
    expect(
      buildCrumbs([match('/pods/7/', { crumb: (m) => `POD ${m.pathname.split('/')[2]}` })]).map(
        (crumb) => crumb.label,
      ),
    ).toEqual(['Dashboard', 'POD 7']);
  });
});

describe('Breadcrumbs', () => {
  it('renders the trail of the matched routes: links, then the current page', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Outlet />,
          children: [
            {
              path: 'surveys',
              handle: { crumb: 'Surveys' },
              children: [{ path: 'hosting', handle: { crumb: 'Hosting' }, element: <Breadcrumbs /> }],
            },
          ],
        },
      ],
      { initialEntries: ['/surveys/hosting'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace('/', '').trim())).toEqual([
      'Dashboard',
      'Surveys',
      'Hosting',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', '/surveys');
    expect(within(nav).getByText('Hosting')).toHaveAttribute('aria-current', 'page');
  });
});
