import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'jsdom',
    // Route-level tests render whole pages in jsdom: generous on a busy 2-core machine.
    testTimeout: 30_000,
    setupFiles: ['./src/testing/setup.ts'],
  },
});
