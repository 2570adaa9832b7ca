import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { apiRoutes, type RouteOperation } from '../test/routes';

let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, read loosely
let doc: any;
let routes: RouteOperation[];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  routes = await apiRoutes(t);
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('has no error and no warning under Spectral’s OpenAPI ruleset (spectral:oas)', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas] } as never);
    const results = await spectral.run(new Document(JSON.stringify(doc), Json));
    const found = results.map((r) => `${r.code}: ${r.message} (${r.path.join('.')})`);
    expect(found).toEqual([]);
  });

  it('names every operation with a unique operationId', () => {
    const ids = routes.map((r) => r.operation.operationId);
    const seen = new Map<string, string[]>();
    for (const r of routes)
      seen.set(r.operation.operationId, [...(seen.get(r.operation.operationId) ?? []), r.key]);
    expect([...seen].filter(([, keys]) => keys.length > 1)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
  });

  it('gives the operations the names clients are written against', () => {
    const idOf = (key: string) => routes.find((r) => r.key === key)?.operation.operationId;
    expect(idOf('GET /api/user-account')).toBe('getUserAccount');
    expect(idOf('PUT /api/staff/save')).toBe('saveStaff');
    expect(idOf('POST /api/oauth/token')).toBe('createOauthToken');
    expect(idOf('POST /api/surveys/{surveyId}/submit')).toBe('submitSurveys');
    expect(idOf('GET /api/surveys/{surveyId}')).toBe('getSurveysBySurveyId');
  });

  it('generates TypeScript types (openapi-typescript) that a client compiles against', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
      // A client's use of two operations by their ids: a typo or a missing id fails to compile.
      fs.writeFileSync(
        path.join(dir, 'client.ts'),
        [
          "import type { operations } from './api';",
          "type Account = operations['getUserAccount']['responses'][200]['content']['application/json'];",
          "type StaffSave = operations['saveStaff']['requestBody'];",
          'export const email = (account: Account): string => account.email;',
          'export type { StaffSave };',
          '// @ts-expect-error: no such operation',
          "export type Missing = operations['noSuchOperation'];",
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        lib: ['lib.es2022.d.ts'],
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
