/**
 * The server holds one next-tick record so that V8's caches for the record's shape survive full
 * collections (src/lib/tick-shape.ts). Read through V8's own feedback, in the real API process and
 * in a bare Node process that does not hold one: the second shows what the first prevents.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnApi } from './support/spawn-api.ts';

const FIXTURE = join(import.meta.dirname, 'support', 'tick-feedback.mjs');
const NODE_ARGS = ['--allow-natives-syntax', '--expose-gc', '--import', FIXTURE];

/** Signals the fixture and answers the states it writes. */
async function feedback(child: ChildProcess, output: () => string): Promise<string[]> {
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 20_000; waited += 50) {
    const line = /tick-feedback (.*)/.exec(output());
    if (line) return JSON.parse(line[1]!) as string[];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no feedback line: ${output()}`);
}

describe('the next-tick record’s shape', () => {
  it('stays cached in the API after 25 full collections', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-tick-'));
    const api = await spawnApi({ DATABASE_URL: `sqlite:${join(dir, 'sf.db')}`, DATA_DIR: dir }, NODE_ARGS);
    try {
      const states = await feedback(api.child, api.output);
      assert.ok(states.length >= 3, `the record's computed keys have feedback slots: ${JSON.stringify(states)}`);
      assert.deepEqual(states.filter((s) => s !== 'MONOMORPHIC'), [], 'every site stays monomorphic');
    } finally {
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is forgotten by a process that holds no record (what the API avoids)', async () => {
    const child = spawn(process.execPath, [...NODE_ARGS, '-e', 'setTimeout(() => {}, 30_000)'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let out = '';
    child.stderr!.on('data', (d) => (out += d));
    try {
      // Until the fixture's handler is in place SIGUSR2 would end the process: wait for its word.
      for (let waited = 0; !out.includes('tick-feedback-ready'); waited += 20) {
        if (waited > 20_000) throw new Error(`the fixture never said it was ready: ${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const states = await feedback(child, () => out);
      assert.ok(states.includes('MEGAMORPHIC'), `Node ${process.version} no longer loses the shape (${JSON.stringify(states)}): src/lib/tick-shape.ts may be unneeded`);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
