/**
 * `npm run mutation`: StrykerJS over each part of the money core in turn (scripts/mutation-targets.mjs),
 * then one line per part with its mutation score. `MUTATION_TARGET=ledger npm run mutation` runs
 * one part. Slow (each mutant runs that part's tests): not in CI; see docs/testing.md.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { targets } from './mutation-targets.mjs';

const chosen = process.env.MUTATION_TARGET ? [process.env.MUTATION_TARGET] : Object.keys(targets);
const summary: string[] = [];
for (const name of chosen) {
  const r = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], { stdio: 'inherit', env: { ...process.env, MUTATION_TARGET: name } });
  if (r.status !== 0) {
    summary.push(`${name}: stryker failed (exit ${r.status})`);
    continue;
  }
  const report = JSON.parse(readFileSync(`reports/mutation/${name}.json`, 'utf8')) as { files: Record<string, { mutants: Array<{ status: string }> }> };
  const mutants = Object.values(report.files).flatMap((f) => f.mutants);
  const count = (...s: string[]) => mutants.filter((m) => s.includes(m.status)).length;
  const killed = count('Killed', 'Timeout');
  const survived = count('Survived', 'NoCoverage');
  const score = killed + survived === 0 ? 100 : (100 * killed) / (killed + survived);
  summary.push(`${name}: ${score.toFixed(1)} % (${killed} killed, ${survived} survived, ${count('CompileError', 'RuntimeError')} invalid)`);
}
console.log(`\nmutation scores:\n${summary.map((l) => `  ${l}`).join('\n')}`);
