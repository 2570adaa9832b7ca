import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID, mantineUseIdTarget } from './vite-mantine-use-id';

// @mantine/hooks' ES module entry, as the build resolves it.
const mantineHooksEntry = path.join(import.meta.dirname, 'node_modules/@mantine/hooks/esm/index.mjs');

describe("the build's useId for Mantine", () => {
  it("takes the place of the module @mantine/hooks' entry imports its useId from", () => {
    // A Mantine release that moves its useId fails here rather than bringing the mount re-render back.
    expect(fs.readFileSync(mantineHooksEntry, 'utf8')).toContain(
      'import { useId } from "./use-id/use-id.mjs"',
    );
    expect(mantineUseIdTarget('./use-id/use-id.mjs', mantineHooksEntry)).toBe(MANTINE_USE_ID);
    expect(fs.existsSync(MANTINE_USE_ID)).toBe(true);
  });

  it('leaves every other import alone', () => {
    expect(mantineUseIdTarget('./use-idle/use-idle.mjs', mantineHooksEntry)).toBeUndefined();
    expect(mantineUseIdTarget('./use-id/use-id.mjs', '/app/src/other/index.mjs')).toBeUndefined();
    expect(mantineUseIdTarget('./use-id/use-id.mjs', undefined)).toBeUndefined();
  });
});
