import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetch-stub';
import { cleanupApps, renderApp, SlowPage, underAppRoot } from '../../testing/render';
import { TopBar, type TopBarProps, type TopBarUser } from './top-bar';
import classes from './top-bar.module.css';

configure({ asyncUtilTimeout: 5000 });

const ADA: TopBarUser = {
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  organizationName: 'Acme Capital',
  links: [{ to: '/profile', label: 'My profile' }],
};

const MODULES = ['Dashboard', 'Users', 'LPI', 'Surveys', 'Calendar', 'Exchange', 'Investments'].map(
  (label) => ({
    label,
    to: label === 'Dashboard' ? '/' : `/${label.toLowerCase()}`,
    end: label === 'Dashboard',
  }),
);

function renderTopBar(onLogout = vi.fn(), props: Partial<TopBarProps> = {}, path = '/') {
  const view = renderApp(
    path,
    underAppRoot([
      {
        element: (
          <>
            <TopBar
              navigation={[{ to: '/organizations', label: 'Organizations' }]}
              user={ADA}
              onLogout={onLogout}
              {...props}
            />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <SlowPage /> },
          { path: '/:module', element: <h1>A module</h1> },
        ],
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
    // The menu's target keeps the button's own look (issue 37: the avatar above a broken name).
    expect(button).toHaveClass(classes.userButton as string);
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

  it('shows a fixed number of modules per breakpoint and puts the others under More', async () => {
    stubFetch({ 'GET /api/slow': () => json({ title: 'The page' }) });
    renderTopBar(vi.fn(), { navigation: MODULES, shown: { sm: 2, md: 3, lg: 3, xl: 5 } });
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    // jsdom applies no media queries: each entry says from which breakpoint it is shown.
    const row = within(modules).getAllByRole('link');
    expect(row.map((link) => [link.textContent, link.closest('li')?.className ?? ''])).toEqual([
      ['Dashboard', ''],
      ['Users', ''],
      ['LPI', expect.stringContaining('mantine-visible-from-md')],
      ['Surveys', expect.stringContaining('mantine-visible-from-xl')],
      ['Calendar', expect.stringContaining('mantine-visible-from-xl')],
    ]);
    const more = within(modules).getByRole('button', { name: 'More' });
    // Investments and Exchange are never in the row: More stays at every width.
    expect(more.closest('li')?.className).not.toContain('mantine-hidden-from');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    const user = userEvent.setup();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.closest('li')?.className ?? '']),
    ).toEqual([
      ['LPI', expect.stringContaining('mantine-hidden-from-md')],
      ['Surveys', expect.stringContaining('mantine-hidden-from-xl')],
      ['Calendar', expect.stringContaining('mantine-hidden-from-xl')],
      ['Exchange', expect.not.stringContaining('mantine-hidden-from')],
      ['Investments', expect.not.stringContaining('mantine-hidden-from')],
    ]);
  });

  it('reaches every module under More by keyboard, and marks More while one of them is open', async () => {
    stubFetch({ 'GET /api/slow': () => json({ title: 'The page' }) });
    const { router } = renderTopBar(vi.fn(), { navigation: MODULES, shown: { sm: 2, md: 2, lg: 2, xl: 2 } });
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    const more = within(modules).getByRole('button', { name: 'More' });
    const user = userEvent.setup();
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    // Escape closes it and gives the focus back to the button.
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();

    await user.keyboard('{Enter}');
    for (const name of ['LPI', 'Surveys', 'Calendar', 'Exchange']) {
      await user.tab();
      expect(within(modules).getByRole('link', { name })).toHaveFocus();
    }
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/exchange'));
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // Exchange is under More at every width.
    expect(more).toHaveAttribute('data-active');
    expect(more).not.toHaveAttribute('data-active-below');
  });

  it('marks More as the current module’s place only below the breakpoint that shows it in the row', async () => {
    stubFetch({ 'GET /api/slow': () => json({ title: 'The page' }) });
    renderTopBar(vi.fn(), { navigation: MODULES, shown: { sm: 2, md: 3, lg: 3, xl: 5 } }, '/surveys');
    await screen.findByRole('heading', { name: 'A module' });
    const more = within(screen.getByRole('navigation', { name: 'Modules' })).getByRole('button', {
      name: 'More',
    });
    expect(more).toHaveAttribute('data-active-below', 'xl');
    expect(more).not.toHaveAttribute('data-active');
  });

  it('has no More when every module is in the row from 48em', () => {
    stubFetch({ 'GET /api/slow': () => json({ title: 'The page' }) });
    renderTopBar(vi.fn(), { navigation: MODULES.slice(0, 2), shown: { sm: 2, md: 4, lg: 5, xl: 7 } });
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(modules).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });
});
