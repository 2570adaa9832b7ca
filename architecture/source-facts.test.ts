import { describe, expect, it } from 'vitest';
import {
  constantValue,
  importsOf,
  normalizeMessage,
  parse,
  resolveImport,
  textsOf,
  UNREADABLE,
  usesOf,
} from './source-facts';

// The conformance test's reader, fed small sources with each case it must tell apart.

describe('constantValue', () => {
  const source = parse(
    'a.ts',
    `
    const DAY = 24 * 60 * 60_000;
    export const TTL = DAY as number;
    export const SIZES = [30, 60] as const;
    export const ALERT = { title: 'Success!', description: \`Saved\` };
    export const MESSAGES = { min: (n: number) => \`Value must be at least \${n} characters long\` };
    export function denied(organization: string): string {
      return \`No access to \${organization}.\`;
    }
    export const cache = new Map();
  `,
  );

  it('reads literals, arithmetic, arrays, objects and the file’s own constants', () => {
    expect(constantValue(source, 'TTL')).toBe(86_400_000);
    expect(constantValue(source, 'SIZES')).toEqual([30, 60]);
    expect(constantValue(source, 'ALERT')).toEqual({ title: 'Success!', description: 'Saved' });
    expect(constantValue(source, 'ALERT.title')).toBe('Success!');
  });

  it('reads a message built from its parameters with {} for each', () => {
    expect(constantValue(source, 'MESSAGES.min')).toBe('Value must be at least {} characters long');
    expect(constantValue(source, 'denied')).toBe('No access to {}.');
  });

  it('tells a computed value from a missing one', () => {
    expect(constantValue(source, 'cache')).toBe(UNREADABLE);
    expect(constantValue(source, 'MISSING')).toBeUndefined();
    expect(constantValue(source, 'ALERT.missing')).toBeUndefined();
  });
});

describe('usesOf', () => {
  it('counts uses, not the import, the declaration, a key or a comment', () => {
    const source = parse(
      'b.tsx',
      `
      import { LIMIT, MESSAGES } from './a';
      // LIMIT is the spec's
      const other = { LIMIT: 1 };
      export const LOCAL = 2;
      export function f(x: number) {
        return x > LIMIT ? MESSAGES.max(LIMIT) : other.LIMIT;
      }
    `,
    );
    expect(usesOf(source, 'LIMIT')).toBe(2);
    expect(usesOf(source, 'MESSAGES.max')).toBe(1);
    expect(usesOf(source, 'MESSAGES.min')).toBe(0);
    expect(usesOf(source, 'LOCAL')).toBe(0);
  });
});

describe('imports and texts', () => {
  it('names what a file imports, and resolves relative and domain paths', () => {
    const source = parse(
      'apps/web/src/x/y.ts',
      `import { A, B as C } from '../z'; import { D } from '@parity/domain/auth';`,
    );
    expect(importsOf(source)).toEqual([
      { name: 'A', from: '../z' },
      { name: 'B', from: '../z' },
      { name: 'D', from: '@parity/domain/auth' },
    ]);
    const files = new Set(['apps/web/src/z.ts', 'packages/domain/src/auth.ts']);
    const exists = (file: string) => files.has(file);
    expect(resolveImport('apps/web/src/x/y.ts', '../z', exists)).toBe('apps/web/src/z.ts');
    expect(resolveImport('apps/web/src/x/y.ts', '@parity/domain/auth', exists)).toBe(
      'packages/domain/src/auth.ts',
    );
    expect(resolveImport('apps/web/src/x/y.ts', 'react', exists)).toBeNull();
  });

  it('collects string, template and JSX texts, not comments', () => {
    const source = parse(
      'c.tsx',
      `
      // 'Commented out'
      const a = 'Email sent';
      const b = \`Request failed with status code \${status}\`;
      const c = <p>
        Verification   completed
      </p>;
    `,
    );
    const texts = textsOf(source);
    expect(texts).toContain('Email sent');
    expect(texts).toContain('Request failed with status code {}');
    expect(texts).toContain('Verification completed');
    expect([...texts].some((text) => text.includes('Commented'))).toBe(false);
  });

  it('compares spec and code placeholders alike', () => {
    expect(normalizeMessage('{label} must include at least {n} option(s)')).toBe(
      '{} must include at least {} option(s)',
    );
  });
});
