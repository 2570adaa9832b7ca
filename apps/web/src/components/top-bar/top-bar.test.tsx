import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetch-stub';
import { cleanupApps, renderApp, SlowPage, underAppRoot } from '../../testing/render';
import { TopBar, type TopBarUser } from './top-bar';

configure({ asyncUtilTimeout: 5000 });

const ADA: TopBarUser = {
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  organizationName: 'Acme Capital',
  links: [{ to: '/profile', label: 'My profile' }],
};

function renderTopBar(onLogout = vi.fn()) {
  const view = renderApp(
    '/',
    underAppRoot([
      {
        element: (
          <>
            <TopBar
              navigation={[{ to: '/organizations', label: 'Organizations' }]}
              user={ADA}
              onLogout={onLogout}
            />
            <Outlet />
          </>
        ),
        children: [{ path: '/', element: <SlowPage /> }],
      },
    ]),
  );
  return { ...view, onLogout };
}

afterEach(() => {
  cleanupApps();
  vi.unstubAllGlobals();
});

describe('top bar', () => {
  it('opens the user menu clicked while the page still reads (before its part has loaded)', async () => {
    stubFetch({ 'GET /api/slow': () => new Promise<Response>(() => undefined) });
    const { onLogout } = renderTopBar();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@acme.test')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My profile', 'Log out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('keeps the keyboard focus on the account button when the menu’s part arrives', async () => {
    stubFetch({ 'GET /api/slow': () => json({ title: 'The page' }) });
    renderTopBar();
    const standIn = await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    standIn.focus();
    await screen.findByRole('heading', { name: 'The page' });
    // Once the page's reads have settled, the menu's button replaces the one that stood in.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' })).not.toBe(standIn),
    );
    const button = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(button).toHaveFocus();
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'My profile' })).toBeInTheDocument();
  });

  it('loads the navigation drawer on the burger’s first click', async () => {
    stubFetch({ 'GET /api/slow': () => json({ title: 'The page' }) });
    renderTopBar();
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(drawer).getByRole('link', { name: 'Organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );
  });
});
