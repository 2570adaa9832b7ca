import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  boundaryViolations,
  importEdges,
  listSources,
  moduleCycles,
  readSources,
  resolveSpecifier,
} from './import-graph';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const edges = importEdges(readSources(repoRoot, listSources(repoRoot)));

const show = (violations: { rule: string; from: string; to: string }[]) =>
  violations.map((v) => `${v.rule}:\n  ${v.from}\n  -> ${v.to}`).join('\n');

describe('the repository keeps its boundaries', () => {
  it('reads the real import graph (resolved to files)', () => {
    // The composition root registers every module's routes: if these edges were not found, the
    // rules below would pass on an empty graph.
    expect(
      edges.some((e) => e.from === 'apps/api/src/app.ts' && /\/modules\/.+\/routes\.ts$/.test(e.to)),
    ).toBe(true);
    expect(edges.some((e) => e.from === 'apps/web/src/app/router.tsx' && e.to.includes('/features/'))).toBe(
      true,
    );
  });

  it('has no forbidden import', () => {
    const violations = boundaryViolations(edges);
    expect(violations, show(violations)).toEqual([]);
  });

  it('has no cycle between API modules', () => {
    expect(moduleCycles(edges)).toEqual([]);
  });
});

describe('the rules', () => {
  const check = (files: Record<string, string>) => {
    const graph = importEdges(new Map(Object.entries(files)));
    return {
      violations: boundaryViolations(graph).map((v) => `${v.from} -> ${v.to}`),
      cycles: moduleCycles(graph),
    };
  };

  it('refuse a web feature importing another feature, and allow the app layer to compose them', () => {
    const { violations } = check({
      'apps/web/src/features/surveys/taking/stepper.tsx':
        "import { Profile } from '../../lpi/components/profile';",
      'apps/web/src/features/lpi/components/profile.tsx': "import { x } from '../../../lib/api-client';",
      'apps/web/src/lib/api-client.ts': 'export const x = 1;',
      'apps/web/src/app/routes/survey-step.tsx':
        "import { Profile } from '../../features/lpi/components/profile';\nimport '../../features/surveys/taking/stepper';",
    });
    expect(violations).toEqual([
      'apps/web/src/features/surveys/taking/stepper.tsx -> apps/web/src/features/lpi/components/profile.tsx',
    ]);
  });

  it('refuse shared web code importing a feature', () => {
    const { violations } = check({
      'apps/web/src/components/top-bar.tsx': "export { Bell } from '../features/notifications/bell';",
      'apps/web/src/features/notifications/bell.tsx': 'export const Bell = 1;',
    });
    expect(violations).toEqual([
      'apps/web/src/components/top-bar.tsx -> apps/web/src/features/notifications/bell.tsx',
    ]);
  });

  it("allow another API module's service and refuse its repo, routes or any internal file", () => {
    const { violations } = check({
      'apps/api/src/modules/pods/service.ts':
        "import { findEvent } from '../calendar/service';\nimport { events } from '../calendar/repo';\nconst r = () => import('../calendar/internal/rules');",
      'apps/api/src/modules/calendar/service.ts': 'export const findEvent = 1;',
      'apps/api/src/modules/calendar/repo.ts': 'export const events = 1;',
      'apps/api/src/modules/calendar/internal/rules.ts': 'export {};',
    });
    expect(violations).toEqual([
      'apps/api/src/modules/pods/service.ts -> apps/api/src/modules/calendar/repo.ts',
      'apps/api/src/modules/pods/service.ts -> apps/api/src/modules/calendar/internal/rules.ts',
    ]);
  });

  it('refuse the kernel importing a module or a plugin, and production code importing the seeds', () => {
    const { violations } = check({
      'apps/api/src/core/access/caller.ts':
        "import { x } from '../../modules/users/service';\nimport { y } from '../../plugins/auth';\nimport { z } from '../../db/client';",
      'apps/api/src/plugins/auth.ts': 'export const y = 1;',
      'apps/api/src/db/client.ts': 'export const z = 1;',
      'apps/api/src/modules/users/service.ts': "import { demo } from '../../seed/demo';",
      'apps/api/src/modules/users/users.integration-test.ts': "import { DEMO } from '../../seed/demo';",
      'apps/api/src/seed/demo.ts': "import '../modules/users/routes';",
      'apps/api/src/modules/users/routes.ts': 'export {};',
    });
    expect(violations).toEqual([
      'apps/api/src/core/access/caller.ts -> apps/api/src/modules/users/service.ts',
      'apps/api/src/core/access/caller.ts -> apps/api/src/plugins/auth.ts',
      'apps/api/src/modules/users/service.ts -> apps/api/src/seed/demo.ts',
      'apps/api/src/seed/demo.ts -> apps/api/src/modules/users/routes.ts',
    ]);
  });

  it('find a cycle between modules even through services', () => {
    const { cycles } = check({
      'apps/api/src/modules/a/service.ts': "import { b } from '../b/service';",
      'apps/api/src/modules/b/service.ts': "import { c } from '../c/service';",
      'apps/api/src/modules/c/service.ts': "import { a } from '../a/service';",
      'apps/api/src/modules/d/service.ts': "import { a } from '../a/service';",
    });
    expect(cycles).toEqual([['a', 'b', 'c']]);
  });

  it('resolve extensionless, .js and index specifiers to files', () => {
    const known = new Set(['x/a.ts', 'x/b/index.tsx', 'x/c.ts']);
    expect(resolveSpecifier('x/main.ts', './a', known)).toBe('x/a.ts');
    expect(resolveSpecifier('x/main.ts', './b', known)).toBe('x/b/index.tsx');
    expect(resolveSpecifier('x/main.ts', './c.js', known)).toBe('x/c.ts');
    expect(resolveSpecifier('x/main.ts', 'zod', known)).toBeNull();
  });
});
