#!/usr/bin/env node
// `node bench/invitations.mjs`: load figures for a respondent's survey invitations on PostgreSQL
// (issue #5 target: GET /api/surveys/invitations of a respondent >= 2,000 req/s). Starts the built
// API against a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data; ada@acme.test
// opens and marks some steps of Northwind's 2026 survey (so the invitation has progress and a
// contributor), then reads the list and one invitation with autocannon. Every request goes to
// 127.0.0.1; every loop is bounded in time.
// Options: --duration <s> (default 10), --connections <n> (default 50)
import {
  call,
  ensureApiBuilt,
  load,
  loadOptions,
  printLoad,
  printMachine,
  printSummary,
  token,
  withServer,
} from './support.mjs';

const LOAD = loadOptions();

ensureApiBuilt();
printMachine();
printLoad(LOAD);

const rows = [];
await withServer({ label: 'invitations', postgres: true }, async (server) => {
  const access = await token(server.url);
  const listUrl = `${server.url}/api/surveys/invitations`;
  const { data: invitations } = await call(listUrl, 'GET', access);
  const active = invitations.find((i) => i.status === 'Active');
  if (!active) throw new Error('no active invitation for ada@acme.test');
  // Progress and a contributor: the first steps are opened, saved and marked complete.
  for (const tabId of [1, 2, 3]) {
    await call(`${server.url}/api/surveys/${active.survey_id}/occupy`, 'POST', access, { tab_id: tabId });
    await call(`${server.url}/api/surveys/${active.survey_id}/mark-complete/${tabId}`, 'POST', access, {
      completed: true,
    });
  }
  const staff = await call(
    `${server.url}/api/staff?organization_id=${active.organization_id}&survey_id=${active.survey_id}`,
    'GET',
    access,
  );
  await call(`${server.url}/api/staff/save`, 'PUT', access, {
    survey_id: active.survey_id,
    updated_at: staff.state.updated_at,
    data: staff.data.rows.map((row) => ({
      ethnicity_id: row.ethnicity_id,
      genders: row.genders.map((cell) => ({ id: cell.id, value: cell.value })),
    })),
  });
  // Moved on from step 3: Continue Response opens at step 4.
  await call(`${server.url}/api/surveys/${active.survey_id}/tabs`, 'PUT', access, { tab_id: 3 });
  const check = await call(listUrl, 'GET', access);
  const mine = check.data.find((i) => i.survey_id === active.survey_id);
  console.info(
    `\npostgres: ${check.data.length} invitations; '${mine.title}' at ${mine.survey_progress}% with ${mine.contributors.length} contributor(s)`,
  );
  const auth = { authorization: `Bearer ${access}` };
  // An untimed pass first: the first seconds of a new server (JIT, pool, plans) are not the figure.
  await load('warm-up (untimed)', { ...LOAD, duration: 3 }, { url: listUrl, headers: auth });
  // The same run's one-query authenticated read, for comparison on a shared machine.
  rows.push(
    await load('postgres GET /api/user-account', LOAD, {
      url: `${server.url}/api/user-account`,
      headers: auth,
    }),
  );
  rows.push(await load('postgres GET /api/surveys/invitations', LOAD, { url: listUrl, headers: auth }));
  rows.push(
    await load('postgres GET /api/surveys/invitations?filter=Active', LOAD, {
      url: `${listUrl}?filter=Active`,
      headers: auth,
    }),
  );
  rows.push(
    await load('postgres GET /api/surveys/invitations/{id}', LOAD, {
      url: `${listUrl}/${active.survey_id}`,
      headers: auth,
    }),
  );
});
printSummary(rows);
