#!/usr/bin/env node
// `node bench/ownership.mjs`: the ownership tab's write costs on PostgreSQL (issue #4 targets:
// saving an ownership tab of 500 rows p50 < 300 ms; a 5,000-row bulk upload < 3 s). Starts the
// built API against a new PostgreSQL database (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; created and dropped) with the demo data, signs in as
// ada@acme.test, then times, one request at a time: saves creating 500 rows, saves updating those
// 500 rows, and uploads of a 5,000-row filled template (mode=replace). Every request goes to
// 127.0.0.1; every loop is bounded.
// Options: --saves <n> (default 15), --uploads <n> (default 3)
import ExcelJS from 'exceljs';
import { arg, call, ensureApiBuilt, printMachine, token, withServer } from './support.mjs';

const SAVES = Number(arg('saves', '15'));
const UPLOADS = Number(arg('uploads', '3'));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (start) => Math.round(performance.now() - start);

function individual(i, ownership) {
  const employee = i % 3 !== 2;
  return employee
    ? {
        identification_id: 17,
        name: `Person ${i}`,
        corporate_title_id: 1 + (i % 20),
        date_of_joining: '2015-04-01',
        gender_id: 1 + (i % 4),
        ethnicity_id: 1 + (i % 9),
        immigration_id: 2,
        veteran_id: 2,
        lgbtq_id: 3,
        disabled_id: 2,
        us_citizen_id: 1,
        us_based_id: 1,
        is_senior_management: i % 5 === 0,
        date_of_promotion: i % 5 === 0 ? '2019-01-01' : null,
        is_owner: true,
        ownership,
        initial_ownership_date: '2016-01-01',
      }
    : {
        identification_id: 18,
        name: `Fund ${i}`,
        is_owner: true,
        ownership,
        initial_ownership_date: '2018-06-30',
      };
}

async function timedSave(url, access, body) {
  const start = performance.now();
  const res = await call(`${url}/api/ownership/save`, 'PUT', access, body);
  return { time: ms(start), res };
}

/** The template filled with n rows (from row 3), as a person would in Excel. */
async function filledTemplate(url, access, n) {
  const res = await fetch(`${url}/api/ownerships/template/download`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!res.ok) throw new Error(`template: ${res.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()));
  const sheet = workbook.getWorksheet('Individuals');
  const titles = ['Founder', 'Partner', 'Principal', 'Director', 'Associate'];
  const genders = ['Woman', 'Man', 'Non-binary'];
  const ethnicities = ['Asian', 'White', 'Hispanic or Latino', 'Black or African American'];
  for (let i = 0; i < n; i++) {
    const r = i + 3;
    const values =
      i % 4 === 3
        ? [
            'Entity/Fund',
            `Upload Fund ${i}`,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            'No',
            null,
            'Yes',
            0.01,
            '2018-06-30',
          ]
        : [
            'Employee',
            `Upload Person ${i}`,
            titles[i % 5],
            '2014-02-01',
            genders[i % 3],
            ethnicities[i % 4],
            'No',
            'No',
            'Prefer not to say',
            'No',
            'Yes',
            'Yes',
            i % 7 === 0 ? 'Yes' : 'No',
            i % 7 === 0 ? '2020-01-01' : null,
            'Yes',
            0.01,
            '2016-01-01',
          ];
    values.forEach((value, c) => {
      if (value !== null) sheet.getCell(r, c + 1).value = value;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function timedUpload(url, access, file, updatedAt) {
  const form = new FormData();
  form.append('updated_at', updatedAt ?? '');
  form.append('mode', 'replace');
  form.append('file', new Blob([file]), 'owners.xlsx');
  const start = performance.now();
  const res = await fetch(`${url}/api/process-excel-ownership`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  const time = ms(start);
  if (!res.ok) throw new Error(`upload: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return { time, res: await res.json() };
}

ensureApiBuilt();
printMachine();

await withServer({ label: 'ownership', postgres: true }, async (server) => {
  const access = await token(server.url);
  const url = server.url;
  let current = await call(`${url}/api/organization/me/ownership`, 'GET', access);

  // Saves that replace the tab with 500 new rows (delete the previous ones, create 500).
  const creates = [];
  for (let n = 0; n < SAVES; n++) {
    const body = {
      updated_at: current.state.updated_at,
      create: Array.from({ length: 500 }, (_, i) => individual(i, 0.2)),
      update: [],
      delete: current.data.rows.map((row) => row.id),
    };
    const { time, res } = await timedSave(url, access, body);
    creates.push(time);
    current = res;
  }
  // Saves that change all 500 rows.
  const updates = [];
  for (let n = 0; n < SAVES; n++) {
    const body = {
      updated_at: current.state.updated_at,
      create: [],
      update: current.data.rows.map((row, i) => ({ ...individual(i, n % 2 ? 0.2 : 0.1), id: row.id })),
      delete: [],
    };
    const { time, res } = await timedSave(url, access, body);
    updates.push(time);
    current = res;
  }
  console.info(
    `\nownership save, 500 rows created (+500 deleted): p50 ${percentile(creates, 50)} ms, p90 ${percentile(creates, 90)} ms, max ${Math.max(...creates)} ms (n=${SAVES})`,
  );
  console.info(
    `ownership save, 500 rows updated: p50 ${percentile(updates, 50)} ms, p90 ${percentile(updates, 90)} ms, max ${Math.max(...updates)} ms (n=${SAVES})`,
  );

  const file = await filledTemplate(url, access, 5000);
  console.info(`\n5,000-row upload file: ${(file.length / 1e6).toFixed(2)} MB`);
  const uploads = [];
  for (let n = 0; n < UPLOADS; n++) {
    const { time, res } = await timedUpload(url, access, file, current.state.updated_at);
    if (res.created !== 5000) throw new Error(`created ${res.created}`);
    uploads.push(time);
    current = { data: res.data, state: res.state };
  }
  console.info(
    `bulk upload of 5,000 rows (mode=replace): ${uploads.join(' ms, ')} ms; p50 ${percentile(uploads, 50)} ms`,
  );
});
