import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The slow tests: those that run the built game (bin/yahtzee.js, so `npm run build` first) or build their own, the
 * packed and installed package, whole vitest runs, and the tests that solve big tables, start threads or child
 * processes. `npm run test:unit` leaves them out for a fast inner
 * loop; `npm test` runs them all.
 */
const SLOW = [
  'test/e2e/**',
  'test/package/**',
  'test/cleanup/**',
  'test/homeFolder.test.ts',
  'test/commands/cli.test.ts',
  'test/commands/locale.test.ts',
  'test/storage/scoresCli.test.ts',
  'test/ink-overlay/plain.test.ts',
  'test/solver/firstFrame.test.ts',
  'test/cli/score.test.ts',
  'test/solver/chancesClient.test.ts',
  'test/solver/childClient.test.ts',
  'test/solver/commands.test.ts',
  'test/solver/distributionBruteForce.test.ts',
  'test/solver/finalDistributions.test.ts',
  'test/solver/freshDistribution.test.ts',
  'test/solver/luck.test.ts',
  'test/solver/officialTable.test.ts',
  'test/solver/outcomeKernel.test.ts',
  'test/solver/parallel.test.ts',
  'test/solver/ruleValues.test.ts',
  'test/solver/turnOutcomes.test.ts',
  'test/storage/lock.test.ts',
  'test/storage/reviews.test.ts',
  'test/view/luck.test.ts',
];

const TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

/** What both projects share (a project inherits nothing from the root unless told to). */
export const shared = {
  setupFiles: ['test/workerSetup.ts'],
  testTimeout: 20000,
  hookTimeout: 60000,
} satisfies TestProjectInlineConfiguration['test'];

export default defineConfig({
  test: {
    // A temporary home folder for the whole run, removed at its end (test/globalSetup.ts): one for both projects,
    // so that they share the strategy tables the tests solve.
    globalSetup: ['test/globalSetup.ts'],
    projects: [
      { test: { ...shared, name: 'unit', include: TESTS, exclude: SLOW } },
      { test: { ...shared, name: 'e2e', include: SLOW.map((p) => (p.endsWith('/**') ? `${p}/*.test.{ts,tsx}` : p)) } },
    ],
  },
});
