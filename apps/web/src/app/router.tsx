import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
} from 'react-router';
import type { RouteHandle } from '../components/breadcrumbs/route-handle';
import { LOGIN_PATH, loginPathFor, REDIRECT_PARAM, safeRedirectPath } from '../features/auth/lib/redirect';
import { organizationAdminsQueryOptions } from '../features/dashboard/api/get-organization-admins';
import { LPI_SIDE_NAVIGATION, REPORTING_SIDE_NAVIGATION } from '../features/lpi/lib/navigation';
import { currentAccountQueryOptions, healthcheckQueryOptions, userAccountQueryOptions } from '../lib/account';
import { withComponentStyles } from '../lib/component-styles';
import { nextTask } from '../lib/next-task';
import { logout } from '../lib/session';
import { getAccessToken } from '../lib/token-storage';
import { RootErrorBoundary } from './routes/error';
import { PageLoader, RootRoute } from './routes/root';
import { SignedInBranch } from './signed-in-branch';

export const NOT_FOUND_PATH = '/404';

/**
 * The guard of the signed-in branch (spec section 2): allowed only with a stored access token;
 * otherwise the user is logged out and sent to /login, with a way back to the page asked for.
 */
export function requireSignIn({ request }: LoaderFunctionArgs) {
  if (getAccessToken()) return null;
  const url = new URL(request.url);
  logout();
  throw redirect(loginPathFor(url));
}

/** A signed-in user opening /login goes to the dashboard (or the local page named by `redirect`). */
export function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (!getAccessToken()) return null;
  const target = safeRedirectPath(new URL(request.url).searchParams.get(REDIRECT_PARAM));
  throw redirect(target ?? '/');
}

function toNotFound() {
  throw redirect(NOT_FOUND_PATH);
}

/** Spec 9: ids in paths (event, organization, pod, survey, user) are numeric; others go to /404. */
function numericParam(name: string) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!/^\d+$/.test(params[name] ?? '')) throw redirect(NOT_FOUND_PATH);
    return null;
  };
}

const handle = (value: RouteHandle) => value;

// A leaf route without a component of its own, said so (React Router warns of one left unsaid):
// a path whose loader only redirects, and a tab whose page (its parent) draws it from the path.
const REDIRECT_ONLY = { element: null } as const;
const DRAWN_BY_PARENT = { element: null } as const;

/**
 * The spec's route tree, for the parts built so far. Every page and layout is a lazy route
 * (its own chunk); layouts are pathless parent routes. A module's routes are added here when
 * the module exists: until then its paths fall through to /404. With `queryClient`, a signed-in
 * page's first reads start with its navigation, while its chunks load (issue #20: on a phone
 * they were a round trip after them).
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  // The reads start in a task after the router's (which flattens and matches every route and runs
  // the loaders): together they held a phone's main thread for ~400 ms (issue #20). The first
  // page's answers are on their way already (the preloader's early requests).
  const prefetch = (read: (client: QueryClient) => Promise<void>) => {
    const client = queryClient;
    if (client) setTimeout(() => void read(client), 0);
    return null;
  };
  // A page whose content is its first reads waits for them (the preloader sent them with the
  // page, so they are usually in before its chunks), 1.5 s at most: it then renders once, with
  // its content, in one interruptible render, instead of a skeleton and then a blocking render
  // of everything at once (on a phone, the dashboard's longest task).
  const prefetchAndWait = async (...reads: ((client: QueryClient) => Promise<void>)[]) => {
    if (!queryClient || !getAccessToken()) return null;
    const client = queryClient;
    await nextTask();
    await Promise.race([
      Promise.all(reads.map((read) => read(client))),
      new Promise((resolve) => setTimeout(resolve, 1_500)),
    ]);
    return null;
  };
  return withComponentStylesBeyondFirstPaint([
    {
      id: 'root',
      Component: RootRoute,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: PageLoader,
      children: [
        {
          id: 'layout-divided',
          lazy: () => import('./layouts/divided-layout'),
          handle: handle({ layout: 'divided' }),
          children: [
            {
              id: 'login',
              path: LOGIN_PATH,
              loader: redirectIfSignedIn,
              lazy: () => import('../features/auth/routes/login'),
              handle: handle({ crumb: 'Log in', layout: 'divided' }),
            },
            {
              id: 'login.verification',
              path: `${LOGIN_PATH}/verification/:uuid`,
              lazy: () => import('../features/auth/routes/verification'),
              handle: handle({ crumb: 'Two-factor verification', layout: 'divided' }),
            },
            {
              id: 'login.forgot',
              path: `${LOGIN_PATH}/forgot`,
              lazy: () => import('../features/auth/routes/forgot'),
              handle: handle({ crumb: 'Forgot password', layout: 'divided' }),
            },
            {
              id: 'login.reset',
              path: `${LOGIN_PATH}/reset/:uuid`,
              lazy: () => import('../features/auth/routes/reset'),
              handle: handle({ crumb: 'Reset password', layout: 'divided' }),
            },
            {
              id: 'login.password',
              path: `${LOGIN_PATH}/password`,
              lazy: () => import('../features/auth/routes/password'),
              handle: handle({ crumb: 'Update password', layout: 'divided' }),
            },
            {
              id: 'signup',
              path: '/signup',
              lazy: () => import('../features/signup/routes/signup'),
              handle: handle({ crumb: 'Sign up', layout: 'divided' }),
            },
            {
              id: 'signup.invitation',
              path: '/signup/invitation/:uuid',
              lazy: () => import('../features/signup/routes/invitation'),
              handle: handle({ crumb: 'Invitation', layout: 'divided' }),
            },
          ],
        },
        {
          id: 'layout-centered',
          lazy: () => import('./layouts/centered-layout'),
          handle: handle({ layout: 'centered' }),
          children: [
            {
              id: 'not-found',
              path: NOT_FOUND_PATH,
              lazy: () => import('./routes/not-found'),
              handle: handle({ crumb: 'Page not found', layout: 'centered' }),
            },
            {
              id: 'signup.verification',
              path: '/signup/verification',
              lazy: () => import('../features/signup/routes/verification'),
              handle: handle({ crumb: 'Check your email', layout: 'centered' }),
            },
            {
              id: 'signup.verification2',
              path: '/signup/verification2',
              lazy: () => import('../features/signup/routes/verification2'),
              handle: handle({ crumb: 'Verification completed', layout: 'centered' }),
            },
            {
              id: 'signup.processing.verification',
              path: '/signup/processing/:accountId/verification/:uuid',
              lazy: () => import('../features/signup/routes/processing-verification'),
              handle: handle({ crumb: 'Verify your email', layout: 'centered' }),
            },
            {
              id: 'signup.processing.organization',
              path: '/signup/processing/:accountId/organization',
              lazy: () => import('../features/signup/routes/organization'),
              handle: handle({ crumb: 'Join your organization', layout: 'centered' }),
            },
            {
              id: 'signup.processing.organization.create',
              path: '/signup/processing/:accountId/organization/create',
              lazy: () => import('../features/signup/routes/organization-create'),
              handle: handle({ crumb: 'Create an organization', layout: 'centered' }),
            },
            {
              id: 'signup.processing.finish',
              path: '/signup/processing/:accountId/finish',
              lazy: () => import('../features/signup/routes/finish'),
              handle: handle({ crumb: 'Your account', layout: 'centered' }),
            },
          ],
        },
        {
          id: 'layout-custom',
          lazy: () => import('./layouts/custom-layout'),
          handle: handle({ layout: 'custom' }),
          children: [
            {
              id: 'terms',
              path: '/terms',
              lazy: () => import('../features/public/routes/terms'),
              handle: handle({ crumb: 'Terms of use', layout: 'custom' }),
            },
            {
              id: 'policy',
              path: '/policy',
              lazy: () => import('../features/public/routes/policy'),
              handle: handle({ crumb: 'Privacy policy', layout: 'custom' }),
            },
            {
              id: 'permissions',
              path: '/permissions',
              lazy: () => import('../features/public/routes/permissions'),
              handle: handle({ crumb: 'Roles and permissions', layout: 'custom' }),
            },
            {
              id: 'crm',
              path: '/crm',
              lazy: () => import('../features/public/routes/crm'),
              handle: handle({ crumb: 'Contact data', layout: 'custom' }),
            },
            {
              id: 'scoring',
              path: '/scoring',
              lazy: () => import('../features/public/routes/scoring'),
              handle: handle({ crumb: 'How scores are made', layout: 'custom' }),
            },
            {
              // FAQ (issue 18): public, so that a person who cannot sign in reads the signing-in answers.
              id: 'faq',
              path: '/faq',
              lazy: () => import('../features/support/routes/faq-page'),
              handle: handle({ crumb: 'FAQ', layout: 'custom' }),
            },
            {
              id: 'design',
              path: '/design',
              lazy: () => import('../features/public/routes/design'),
              handle: handle({ crumb: 'Design system', layout: 'custom' }),
            },
          ],
        },
        {
          // Everything below needs sign-in.
          id: 'signed-in',
          loader: (args) =>
            requireSignIn(args) ?? prefetch((c) => c.prefetchQuery(currentAccountQueryOptions())),
          element: <SignedInBranch />,
          children: [
            {
              id: 'layout-top-bar',
              lazy: () => import('./layouts/top-bar-layout'),
              handle: handle({ layout: 'top-bar' }),
              children: [
                {
                  id: 'dashboard',
                  index: true,
                  loader: () =>
                    prefetchAndWait(
                      (c) => c.prefetchQuery(currentAccountQueryOptions()),
                      (c) => c.prefetchQuery(userAccountQueryOptions({ silent: true })),
                      (c) => c.prefetchQuery(healthcheckQueryOptions()),
                      // The status card's admins (any member may read them; none without an
                      // organization): in the first render, not a second one of the whole page.
                      (c) => c.prefetchQuery(organizationAdminsQueryOptions()),
                    ),
                  lazy: () => import('./routes/dashboard'),
                  handle: handle({ crumb: 'Dashboard', layout: 'top-bar' }),
                },
                {
                  // Users (spec 2): the directory, public profiles (numeric ids) and my profile.
                  id: 'users',
                  path: 'users',
                  handle: handle({ crumb: 'Users', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'users.list',
                      index: true,
                      lazy: () => import('../features/users/routes/users-list'),
                      handle: handle({ title: 'Users', layout: 'top-bar' }),
                    },
                    {
                      id: 'users.private',
                      path: 'private',
                      lazy: () => import('../features/users/routes/my-profile'),
                      handle: handle({ crumb: 'My profile', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'users.private.about',
                          index: true,
                          lazy: () => import('../features/users/routes/my-profile-about'),
                          handle: handle({ title: 'My profile', layout: 'top-bar' }),
                        },
                        {
                          id: 'users.private.files',
                          path: 'files',
                          lazy: () => import('../features/users/routes/my-files'),
                          handle: handle({ crumb: 'Documents', layout: 'top-bar' }),
                        },
                        {
                          id: 'users.private.media',
                          path: 'media',
                          lazy: () => import('../features/users/routes/my-media'),
                          handle: handle({ crumb: 'Media', layout: 'top-bar' }),
                        },
                        {
                          id: 'users.private.bookmarks',
                          path: 'bookmarks',
                          lazy: () => import('../features/users/routes/my-bookmarks'),
                          handle: handle({ crumb: 'Bookmarks', layout: 'top-bar' }),
                        },
                        {
                          id: 'users.private.settings',
                          path: 'settings',
                          lazy: () => import('../features/users/routes/my-settings'),
                          handle: handle({ crumb: 'Settings', layout: 'top-bar' }),
                        },
                      ],
                    },
                    {
                      id: 'users.profile',
                      path: ':userId',
                      loader: numericParam('userId'),
                      lazy: () => import('../features/users/routes/user-profile'),
                      handle: handle({ crumb: 'Profile', layout: 'top-bar' }),
                    },
                  ],
                },
                {
                  // Organizations (spec 2, 3): the public directory and public pages (numeric ids).
                  id: 'organizations',
                  path: 'organizations',
                  handle: handle({ crumb: 'Organizations', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'organizations.list',
                      index: true,
                      lazy: () => import('../features/organizations/routes/organizations-list'),
                      handle: handle({ title: 'Organizations', layout: 'top-bar' }),
                    },
                    {
                      // My organization (spec 2): header and subpages; the default subpage is the feed.
                      id: 'organizations.private',
                      path: 'private',
                      lazy: () => import('../features/organizations/routes/my-organization'),
                      handle: handle({ crumb: 'My organization', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'organizations.private.index',
                          index: true,
                          loader: () => redirect('/organizations/private/feed'),
                          ...REDIRECT_ONLY,
                        },
                        {
                          id: 'organizations.private.feed',
                          path: 'feed',
                          lazy: () => import('../features/organizations/routes/private-feed'),
                          handle: handle({ crumb: 'Activity feed', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.members',
                          path: 'members',
                          lazy: () => import('../features/organizations/routes/private-members'),
                          handle: handle({ crumb: 'Members', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.permissions',
                          path: 'permissions',
                          lazy: () => import('../features/organizations/routes/private-permissions'),
                          handle: handle({ crumb: 'Permissions', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.files',
                          path: 'files',
                          lazy: () => import('../features/organizations/routes/private-files'),
                          handle: handle({ crumb: 'Documents', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.media',
                          path: 'media',
                          lazy: () => import('../features/organizations/routes/private-media'),
                          handle: handle({ crumb: 'Media', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.settings',
                          path: 'settings',
                          lazy: () => import('../features/organizations/routes/private-settings'),
                          handle: handle({ crumb: 'Settings', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.invitations',
                          path: 'invitations',
                          lazy: () => import('../features/organizations/routes/private-invitations'),
                          handle: handle({ crumb: 'Invitations', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.contacts',
                          path: 'contacts',
                          lazy: () => import('../features/organizations/routes/private-contacts'),
                          handle: handle({ crumb: 'Contacts', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.code',
                          path: 'code',
                          lazy: () => import('../features/organizations/routes/private-code'),
                          handle: handle({ crumb: 'Organization code', layout: 'top-bar' }),
                        },
                        {
                          id: 'organizations.private.audit-log',
                          path: 'audit-log',
                          lazy: () => import('../features/organizations/routes/private-audit-log'),
                          handle: handle({ crumb: 'Audit log', layout: 'top-bar' }),
                        },
                      ],
                    },
                    {
                      id: 'organizations.page',
                      path: ':organizationId',
                      loader: numericParam('organizationId'),
                      lazy: () => import('../features/organizations/routes/organization-page'),
                      handle: handle({ crumb: 'Organization', layout: 'top-bar' }),
                    },
                  ],
                },
                {
                  // Admin (spec 2 Admin, issue 14): the platform administrators' console, a child
                  // route per built section (features/admin/lib/sections.ts).
                  id: 'admin',
                  path: 'admin',
                  lazy: () => import('../features/admin/routes/admin-layout'),
                  handle: handle({ crumb: 'Admin', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'admin.dashboard',
                      index: true,
                      lazy: () => import('../features/admin/dashboard/routes/admin-dashboard'),
                      handle: handle({ title: 'Admin', layout: 'top-bar' }),
                    },
                    {
                      id: 'admin.organizations',
                      path: 'organizations',
                      handle: handle({ crumb: 'Organizations', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'admin.organizations.list',
                          index: true,
                          lazy: () => import('../features/admin/organizations/routes/organizations-page'),
                        },
                        {
                          id: 'admin.organizations.organization',
                          path: ':organizationId/:tab?',
                          lazy: () => import('./routes/admin-organization'),
                          handle: handle({ crumb: 'Organization', layout: 'top-bar' }),
                        },
                      ],
                    },
                    {
                      id: 'admin.codes',
                      path: 'codes',
                      lazy: () => import('../features/admin/codes/routes/admin-codes'),
                      handle: handle({ crumb: 'Organizations Codes', layout: 'top-bar' }),
                    },
                    {
                      id: 'admin.clients',
                      path: 'clients',
                      handle: handle({ crumb: 'Clients', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'admin.clients.list',
                          index: true,
                          lazy: () => import('../features/admin/clients/routes/clients-page'),
                        },
                        {
                          id: 'admin.clients.client',
                          path: ':clientId',
                          lazy: () => import('../features/admin/clients/routes/client-page'),
                          handle: handle({ crumb: 'Client', layout: 'top-bar' }),
                        },
                      ],
                    },
                    {
                      id: 'admin.feedback',
                      path: 'feedback',
                      lazy: () => import('../features/admin/feedback/routes/admin-feedback'),
                      handle: handle({ crumb: 'Feedback', layout: 'top-bar' }),
                    },
                    {
                      id: 'admin.users',
                      path: 'users',
                      handle: handle({ crumb: 'Users', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'admin.users.list',
                          index: true,
                          lazy: () => import('../features/admin/users/routes/users-page'),
                        },
                        {
                          id: 'admin.users.user',
                          path: ':userId/:tab?',
                          lazy: () => import('../features/admin/users/routes/user-page'),
                          handle: handle({ crumb: 'User', layout: 'top-bar' }),
                        },
                      ],
                    },
                    {
                      id: 'admin.archived-users',
                      path: 'archived-users',
                      lazy: () => import('../features/admin/users/routes/archived-users-page'),
                      handle: handle({ crumb: 'Archived Users', layout: 'top-bar' }),
                    },
                    {
                      id: 'admin.reports',
                      path: 'reports',
                      lazy: () => import('../features/admin/reports/routes/admin-reports'),
                      handle: handle({ crumb: 'Reports', layout: 'top-bar' }),
                    },
                    {
                      id: 'admin.audit',
                      path: 'audit',
                      lazy: () => import('../features/admin/audit/routes/admin-audit'),
                      handle: handle({ crumb: 'Audit', layout: 'top-bar' }),
                    },
                    {
                      // Support (issue 18): requests by status, the help articles' and the FAQ's editors.
                      id: 'admin.support',
                      path: 'support',
                      handle: handle({ crumb: 'Support', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'admin.support.requests',
                          index: true,
                          lazy: () => import('../features/support/routes/admin-support'),
                        },
                        {
                          id: 'admin.support.articles',
                          path: 'articles',
                          lazy: () => import('../features/support/routes/admin-articles'),
                          handle: handle({ crumb: 'Help articles', layout: 'top-bar' }),
                        },
                      ],
                    },
                    {
                      id: 'admin.faq',
                      path: 'faq',
                      lazy: () => import('../features/support/routes/admin-faq'),
                      handle: handle({ crumb: 'FAQ', layout: 'top-bar' }),
                    },
                  ],
                },
                {
                  // Support (issue 18): help articles, the contact form, a request's thread.
                  id: 'support',
                  path: 'support',
                  handle: handle({ crumb: 'Help & support', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'support.home',
                      index: true,
                      lazy: () => import('../features/support/routes/support-page'),
                      handle: handle({ title: 'Help & support', layout: 'top-bar' }),
                    },
                    {
                      id: 'support.contact',
                      path: 'contact',
                      lazy: () => import('../features/support/routes/contact-page'),
                      handle: handle({ crumb: 'Contact support', layout: 'top-bar' }),
                    },
                    {
                      id: 'support.article',
                      path: 'articles/:slug',
                      lazy: () => import('../features/support/routes/article-page'),
                      handle: handle({ crumb: 'Article', layout: 'top-bar' }),
                    },
                    {
                      id: 'support.request',
                      path: 'requests/:requestId',
                      loader: numericParam('requestId'),
                      lazy: () => import('../features/support/routes/request-page'),
                      handle: handle({ crumb: 'Request', layout: 'top-bar' }),
                    },
                  ],
                },
                {
                  // Calendar (issue 15): the month/week/day views, the events list and an event's
                  // page (numeric ids). FullCalendar loads with /calendar only.
                  id: 'calendar',
                  path: 'calendar',
                  handle: handle({ crumb: 'Calendar', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'calendar.view',
                      index: true,
                      lazy: () => import('../features/calendar/routes/calendar'),
                      handle: handle({ title: 'Calendar', layout: 'top-bar' }),
                    },
                    {
                      id: 'calendar.events',
                      path: 'events',
                      lazy: () => import('../features/calendar/routes/events-list'),
                      handle: handle({ crumb: 'Events', layout: 'top-bar' }),
                    },
                    {
                      id: 'calendar.event',
                      path: 'events/:eventId/:tab?',
                      loader: numericParam('eventId'),
                      lazy: () => import('../features/calendar/routes/event-page'),
                      handle: handle({ crumb: 'Event', layout: 'top-bar' }),
                    },
                  ],
                },
                {
                  // Investments (issue 18): the organization's portfolio of managers and its roll-up.
                  id: 'investments',
                  path: 'investments',
                  lazy: () => import('../features/investments/routes/investments-page'),
                  handle: handle({ title: 'Investments', crumb: 'Investments', layout: 'top-bar' }),
                },
                {
                  // Pods (issue 16): My PODs, the accept-invitation page of the mail's link, a pod's
                  // tabs (its feed at /pods/{podId}) and a pod event's tabs (numeric ids).
                  id: 'pods',
                  path: 'pods',
                  handle: handle({ crumb: 'Pods', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'pods.list',
                      index: true,
                      lazy: () => import('../features/pods/routes/pods-list'),
                      handle: handle({ title: 'My PODs', layout: 'top-bar' }),
                    },
                    {
                      id: 'pods.invitation',
                      path: 'invitations/:token',
                      lazy: () => import('../features/pods/routes/accept-invitation'),
                      handle: handle({ crumb: 'Invitation', layout: 'top-bar' }),
                    },
                    {
                      // The pod's crumb names the pod (its pages name it, `useCrumbName`), also on
                      // its events' pages, which are not tabs of the pod page.
                      id: 'pods.pod',
                      path: ':podId',
                      loader: numericParam('podId'),
                      handle: handle({ crumb: 'POD', layout: 'top-bar' }),
                      children: [
                        {
                          id: 'pods.pod.page',
                          lazy: () => import('../features/pods/routes/pod-pages'),
                          children: [
                            {
                              id: 'pods.pod.feed',
                              ...DRAWN_BY_PARENT,
                              index: true,
                              handle: handle({ title: 'Activity Feed', layout: 'top-bar' }),
                            },
                            {
                              id: 'pods.pod.events',
                              ...DRAWN_BY_PARENT,
                              path: 'events',
                              handle: handle({ crumb: 'Events', layout: 'top-bar' }),
                            },
                            {
                              id: 'pods.pod.members',
                              ...DRAWN_BY_PARENT,
                              path: 'members',
                              handle: handle({ crumb: 'Members', layout: 'top-bar' }),
                            },
                            {
                              id: 'pods.pod.files',
                              ...DRAWN_BY_PARENT,
                              path: 'files',
                              handle: handle({ crumb: 'Files', layout: 'top-bar' }),
                            },
                            {
                              id: 'pods.pod.description',
                              ...DRAWN_BY_PARENT,
                              path: 'description',
                              handle: handle({ crumb: 'Description', layout: 'top-bar' }),
                            },
                          ],
                        },
                        {
                          id: 'pods.event',
                          path: 'events/:eventId/:tab?',
                          loader: numericParam('eventId'),
                          lazy: () =>
                            import('../features/pods/routes/pod-pages').then(({ PodEventRoute }) => ({
                              Component: PodEventRoute,
                            })),
                          handle: handle({ crumb: 'Event', layout: 'top-bar' }),
                        },
                      ],
                    },
                  ],
                },
                {
                  // Community (issue 18): announcements, the opt-in directory and follows.
                  id: 'community',
                  path: 'community',
                  lazy: () => import('../features/community/routes/community-page'),
                  handle: handle({ crumb: 'Community', layout: 'top-bar' }),
                },
                {
                  // Exchange (issue 18): what is shared with my organization and by it; a shared
                  // profile, read only, by its organization's numeric id.
                  id: 'exchange',
                  path: 'exchange',
                  handle: handle({ crumb: 'Exchange', layout: 'top-bar' }),
                  children: [
                    {
                      id: 'exchange.page',
                      index: true,
                      lazy: () => import('../features/exchange/routes/exchange-page'),
                      handle: handle({ title: 'Exchange', layout: 'top-bar' }),
                    },
                    {
                      id: 'exchange.shared',
                      path: 'shared/:organizationId',
                      loader: numericParam('organizationId'),
                      lazy: () => import('../features/exchange/routes/shared-profile'),
                      handle: handle({ crumb: 'Shared profile', layout: 'top-bar' }),
                    },
                  ],
                },
                {
                  // Search (issue 17): every kind the caller may read; the top bar's box opens it.
                  id: 'search',
                  path: 'search',
                  lazy: () => import('../features/search/routes/search-page'),
                  handle: handle({ crumb: 'Search', layout: 'top-bar' }),
                },
                {
                  // Notifications (issue 17): the centre and its preferences.
                  id: 'notifications',
                  path: 'notifications',
                  lazy: () => import('../features/notifications/routes/notifications'),
                  handle: handle({ crumb: 'Notifications', layout: 'top-bar' }),
                },
                {
                  // Surveys (spec 2): hosting (list, request wizard, accessing), a survey's overview
                  // and, from the taking pages, the respondent's routes. Flat children, one per path.
                  id: 'surveys',
                  path: 'surveys',
                  handle: handle({ crumb: 'Surveys', layout: 'top-bar' }),
                  children: [
                    // Taking (the invitations, the stepper), archived and exported responses.
                    {
                      id: 'surveys.list',
                      index: true,
                      lazy: () => import('../features/surveys/taking/routes/surveys-list'),
                      handle: handle({ title: 'Surveys', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.taking',
                      path: 'taking',
                      lazy: () => import('../features/surveys/taking/routes/surveys-list'),
                      handle: handle({ crumb: 'Taking', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.taking.survey',
                      path: 'taking/:surveyId',
                      loader: numericParam('surveyId'),
                      lazy: () => import('./routes/survey-taking'),
                      handle: handle({ crumb: 'Survey', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.archived',
                      path: 'archived',
                      lazy: () => import('../features/surveys/archive/routes/archived-list'),
                      handle: handle({ crumb: 'Archived', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.archived.survey',
                      path: 'archived/:surveyId',
                      loader: numericParam('surveyId'),
                      lazy: () => import('./routes/survey-archived'),
                      handle: handle({ crumb: 'Survey', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.export',
                      path: 'export',
                      lazy: () => import('../features/surveys/export/routes/export-list'),
                      handle: handle({ crumb: 'Export', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.export.survey',
                      path: 'export/:surveyId',
                      loader: numericParam('surveyId'),
                      lazy: () => import('./routes/survey-export'),
                      handle: handle({ crumb: 'Survey', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.hosting',
                      path: 'hosting',
                      lazy: () => import('../features/surveys/hosting/routes/hosting-list'),
                      handle: handle({ crumb: 'Hosting', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.hosting.create',
                      path: 'hosting/create',
                      lazy: () => import('../features/surveys/hosting/routes/hosting-create'),
                      handle: handle({ crumb: 'Create Request', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.hosting.accessing',
                      path: 'hosting/accessing',
                      lazy: () => import('../features/surveys/hosting/routes/hosting-accessing'),
                      handle: handle({ crumb: 'Accessing', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.hosting.survey',
                      path: 'hosting/:surveyId',
                      loader: numericParam('surveyId'),
                      lazy: () => import('./routes/hosted-survey'),
                      handle: handle({ crumb: 'Survey', layout: 'top-bar' }),
                    },
                    {
                      id: 'surveys.survey',
                      path: ':surveyId',
                      loader: numericParam('surveyId'),
                      lazy: () => import('../features/surveys/hosting/routes/survey-overview'),
                      handle: handle({ crumb: 'Survey', layout: 'top-bar' }),
                    },
                  ],
                },
              ],
            },
            {
              // The LPI pages: their tabs are the side navigation, in the top bar's drawer on small
              // screens (the page's tab bar shows them at every width).
              id: 'layout-drawer-with-top-bar',
              lazy: () => import('./layouts/drawer-with-top-bar-layout'),
              handle: handle({ layout: 'drawer-with-top-bar' }),
              children: [
                {
                  // The organization's LPI (Transparency Index) profile, one page per tab (spec 2).
                  id: 'lpi',
                  path: 'lpi',
                  handle: handle({
                    crumb: 'LPI',
                    layout: 'drawer-with-top-bar',
                    sideNavigation: LPI_SIDE_NAVIGATION,
                  }),
                  children: [
                    {
                      id: 'lpi.index',
                      index: true,
                      loader: () => redirect('/lpi/overview'),
                      ...REDIRECT_ONLY,
                    },
                    {
                      id: 'lpi.analytics',
                      path: 'analytics',
                      lazy: () => import('./routes/lpi-analytics'),
                      handle: handle({ crumb: 'Analytics', layout: 'drawer-with-top-bar' }),
                    },
                    {
                      id: 'lpi.page',
                      path: ':page',
                      lazy: () => import('../features/lpi/routes/lpi-page'),
                      handle: handle({ crumb: 'Profile', layout: 'drawer-with-top-bar' }),
                    },
                  ],
                },
                {
                  // My organization's reporting (spec 2: organizations.private.lpi, default overview),
                  // under the Organizations crumb as the rest of /organizations.
                  id: 'organizations.reporting',
                  path: 'organizations',
                  handle: handle({ crumb: 'Organizations', layout: 'drawer-with-top-bar' }),
                  children: [
                    {
                      id: 'organizations.private.lpi.index',
                      path: 'private/lpi',
                      loader: () => redirect('/organizations/private/lpi/overview'),
                      ...REDIRECT_ONLY,
                    },
                    {
                      // The reporting page's 'analytics' option (spec 2).
                      id: 'organizations.private.lpi.analytics',
                      path: 'private/lpi/analytics',
                      lazy: () => import('./routes/lpi-analytics'),
                      handle: handle({
                        crumb: 'Reporting',
                        layout: 'drawer-with-top-bar',
                        sideNavigation: REPORTING_SIDE_NAVIGATION,
                      }),
                    },
                    {
                      id: 'organizations.private.lpi',
                      path: 'private/lpi/:page',
                      lazy: () => import('../features/lpi/routes/organization-lpi-page'),
                      handle: handle({
                        crumb: 'Reporting',
                        layout: 'drawer-with-top-bar',
                        sideNavigation: REPORTING_SIDE_NAVIGATION,
                      }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { id: 'catch-all', path: '*', loader: toNotFound, element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ]);
}

/** The routes of /login's and the dashboard's first paint, whose styles are the app's stylesheet. */
const FIRST_PAINT_ROUTES = new Set(['layout-divided', 'login', 'layout-top-bar', 'dashboard']);

/**
 * Every other route's code loads with the other components' styles (lib/component-styles.ts), so
 * no page paints unstyled, whichever page is opened first.
 */
function withComponentStylesBeyondFirstPaint(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const styled =
      typeof lazy === 'function' && !(route.id && FIRST_PAINT_ROUTES.has(route.id))
        ? { lazy: withComponentStyles(lazy) }
        : {};
    const nested = children ? { children: withComponentStylesBeyondFirstPaint(children) } : {};
    return { ...route, ...styled, ...nested } as RouteObject;
  });
}

export function createAppRouter(queryClient?: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
