import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FIRST_LOAD_ROUTES } from '../apps/web/first-load-routes';
import { FIRST_LOADS_FILE } from '../apps/web/vite-route-preload';

// The JavaScript and CSS a first visit needs, from the build (apps/web/dist, which `npm test`
// builds first): the entry with its static imports and the files the page's preloader fetches
// (the route's layout and page with theirs), as the build lists them, gzipped. Budgets sit just above the figures of issue #20
// (bench/README.md, "Page speed on a phone"); a change that goes over says so here, and
// `npm run bench:lighthouse -w @parity/bench` tells what it costs on a phone.
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const KB = 1024;

// 2026-11-26: /login 208.6 KB of JavaScript, 39.6 KB of CSS, 17 files (before: 164.6 KB in 33
// files); the dashboard 248.3 KB, 40.2 KB, 20 files (before: 259.6 KB in 64 files).
// Session 8 went over on /login: 219.8 KB (the shared Mantine chunk +7 KB with the menus' and
// selects' type-ahead, tooltips and row-action menus; the entry +4.5 KB), Lighthouse 93 -> 88 on
// /login; the dashboard is at 254.6 KB in 22 files. Issue #20 keeps bringing both down.
// Issue #19 went over on the dashboard: 255.3 KB (a dashboard for each role: the platform
// administrator's card, the pending user's next steps, the host's hosting-first widget; the
// breadcrumbs' crumbs a user may not open); loading the first two only for those who see them
// saved 0.1 KB each, not worth their extra request.
// With all of session 9's #19 work merged: /login 213.5 KB in 17 files (down: the shared Mantine
// chunk lost Drawer and ScrollArea, now used by fewer than its eight chunks), the dashboard
// 257.3 KB in 25 files: Drawer, NativeScrollArea and a chevron icon became files of their own
// (the top bar's drawer loads them). A lower share count (5) gives 22 files but /login 222 KB;
// issue #20 is to win these back (a group for the signed-in shell, or fewer shared users).
// #19's one way to show a failed read (QueryError on the dashboard's cards) adds two small files
// (query-state and its alert icon): 258.0 KB in 27 files.
// Issue #17 puts the search box and the notification bell in every signed-in top bar: 259.7 KB
// in the same 27 files (each draws its icon inline and loads its panel, stream and schemas after
// the first render; neither enters /login).
// Issue #14's first sections add the Admin module to the top bar (its icon) and the maintenance
// banner's loader to every signed-in layout (the banner itself loads after the first render):
// 260.4 KB in 27 files.
// Issue #14's nine sections made their tables, tabs, checkboxes and scroll areas "shared by eight
// chunks", so Mantine's shared chunk grew and /login went to 220.4 KB: the share count is now 12
// (vite.config.ts). /login 215.5 KB in 18 files; the dashboard 261.7 KB in 30 files (a scroll area
// and an image component are files of their own again).
// Issue #20 took zod out of the dashboard's first load: the LPI card's formats
// (domain/analytics-display.ts), the transparency weights (scoring/constants.ts) and the permission
// flags (permissions.ts) no longer sit beside a schema: 234.4 KB in 27 files.
// Issue #15 put Calendar in every member's top bar (its entry and icon, 0.06 KB) and the events
// kind in the top bar's search (0.3 KB). FullCalendar itself is in no first load (the /calendar
// page's own lazy chunk).
// Issue #16's nine pods routes cost every first load 1.2 KB (/login 215.8 -> 217.0 KB, the
// dashboard 235.0 -> 236.2 KB): the router in the entry names each lazy chunk of theirs and the
// Mantine inputs they split off (24 more file names in its preload list; the pods code itself is
// in no first load). One chunk group for the pods pages made it worse (/login 259.8 KB: the group
// took shared code with it), so fewer pods chunks is the next step.
// The pod page and its five tabs became one lazy module, with its events' pages (pods/routes/
// pod-pages.ts): /login 217.0 -> 216.7 KB, the dashboard 236.6 -> 236.3 KB, of which 0.4 KB is the
// breadcrumbs' named crumbs (components/breadcrumbs/crumb-names.ts, the pod's name in its trail).
// Folding My PODs and the invitation page in too saved only 0.1 KB more, and would load every
// pods page with the list.
const BUDGETS: Record<keyof typeof FIRST_LOAD_ROUTES, { jsKB: number; cssKB: number; files: number }> = {
  // Issue 18's five modules (their routes, top-bar and user-menu entries, the public FAQ) raised
  // these from 216.8 and 236.4 KB and 28 files; which of it must be in the first load is #20's to cut.
  // Session 16: the calendar's lean range read and one date module (lib/dates.ts, shared by 30
  // pages: a file of its own, 0.6 KB, on the dashboard) took them to 220.1 KB in 18 files and
  // 240.9 KB in 31; the budgets follow them down with 0.5 KB to spare.
  // Session 17: React Router's production build (0.6 KB less) and the dashboard's deferred cards
  // and bell took them to 219.6 KB in 18 files and 240.8 KB in 31.
  // Session 18: the route preloader written into the page (one file less), and the app's stylesheet
  // cut to the Mantine styles of the first paints (styles/first-paint.css; the date picker's with
  // it): 219.3 KB and 17.3 KB of CSS in 17 files, 240.2 KB and 18.2 KB in 30.
  // Session 19: Mantine's overlays (menus, popovers, drawers, selects, tables, with Floating UI)
  // in a chunk of their own that the top bar loads after the first paint, and the signed-in first
  // load's own modules in one chunk: 178.0 KB in 17 files, 193.0 KB in 14 (the files come from
  // dist/.vite/first-loads.json now: the route's modules share chunks, no longer one each).
  // Session 22: the tabs' paths in the router and the breadcrumbs, the login's expired-password
  // ticket and the auth schemas it shares (issue 37, points 10 and 11) took them to 179.2 KB and
  // 194.5 KB in the same files; the budgets follow with 0.5 KB to spare. Not yet won back.
  // Session 23: the top bar's More menu, the account event of the notification stream and the one
  // date formatter (Intl in every style; issue 37, points 5, 6 and 9) took the dashboard to 196.1 KB
  // in the same 14 files (/login 179.5 KB): its budget follows with 0.5 KB to spare, not won back.
  '/login': { jsKB: 179.7, cssKB: 17.8, files: 17 },
  '/': { jsKB: 196.6, cssKB: 18.7, files: 14 },
};

/** The files a first load of each budgeted page fetches, as the build wrote them (vite-route-preload.ts). */
function readFirstLoads(): Record<string, string[]> {
  const file = path.join(dist, FIRST_LOADS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

describe('first-load budget of the built web app', () => {
  const firstLoads = readFirstLoads();
  for (const [route, budget] of Object.entries(BUDGETS)) {
    it(`${route} stays within its JavaScript and CSS budget`, () => {
      const files = firstLoads[route];
      if (!files)
        throw new Error(`${route} has no first load in ${FIRST_LOADS_FILE}: is it in first-load-routes.ts?`);
      const sum = (ext: string) => files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipped(f), 0);
      const figures = {
        jsKB: Math.round((sum('.js') / KB) * 10) / 10,
        cssKB: Math.round((sum('.css') / KB) * 10) / 10,
        files: files.length,
      };
      console.info(`${route} first load: ${JSON.stringify(figures)}`);
      expect(figures.jsKB, `${route}: gzipped JavaScript (KB)`).toBeLessThanOrEqual(budget.jsKB);
      expect(figures.cssKB, `${route}: gzipped CSS (KB)`).toBeLessThanOrEqual(budget.cssKB);
      expect(figures.files, `${route}: files fetched`).toBeLessThanOrEqual(budget.files);
    });
  }
});
