/**
 * The pages whose first load is budgeted (e2e/first-load-budget.e2e.ts) and preloaded from the
 * page (vite-route-preload.ts): the lazy modules of the route's layout and page, by source path.
 * `signedIn`: the page a signed-in visitor gets there (the other one is redirected).
 * `early`: the API reads the page starts with, sent by the preloader with the stored token while
 * the scripts download (lib/early-responses.ts); paths exactly as the app's GETs write them.
 */
export const FIRST_LOAD_ROUTES = {
  '/login': {
    signedIn: false,
    lazy: ['src/app/layouts/divided-layout.tsx', 'src/features/auth/routes/login.tsx'],
  },
  '/': {
    signedIn: true,
    lazy: ['src/app/layouts/top-bar-layout.tsx', 'src/app/routes/dashboard.tsx'],
    early: ['/api/user/status', '/api/user-account', '/api/user/healthcheck', '/api/organizations/me/admins'],
  },
} as const;
