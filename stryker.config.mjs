// StrykerJS over the money core (docs/testing.md). Not in CI: every mutant runs the target's own
// node:test command, which takes minutes per file. `npm run mutation` runs every target;
// `MUTATION_TARGET=<name> npm run mutation` one of them.
import { targets } from './scripts/mutation-targets.mjs';

const name = process.env.MUTATION_TARGET;
const target = targets[name];
if (!target) throw new Error(`MUTATION_TARGET must be one of: ${Object.keys(targets).join(', ')}`);

export default {
  mutate: target.mutate,
  testRunner: 'command',
  // The project's own runner; one test file at a time keeps two cores free enough for the others.
  commandRunner: { command: target.command },
  coverageAnalysis: 'off',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  timeoutMS: 60_000,
  reporters: ['clear-text', 'json', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: '.stryker-tmp',
  // Only what the tests need is copied to the sandbox (node_modules is linked, not copied).
  ignorePatterns: ['reports', 'data', '.stryker-tmp', 'apps/admin/web/dist', 'bench'],
  thresholds: { high: 90, low: 85, break: null },
};
