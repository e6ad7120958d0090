import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // A temporary home folder for the whole run, removed at its end (test/globalSetup.ts).
    globalSetup: ['test/globalSetup.ts'],
    setupFiles: ['test/workerSetup.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
