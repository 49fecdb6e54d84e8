/** Runs a race worker (a `.ts` file under test/support) as its own process and reads its last JSON line. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function runWorker<T>(file: string, env: Record<string, string>): Promise<T> {
  const path = join(dirname(fileURLToPath(import.meta.url)), file);
  return new Promise((resolve, reject) => {
    // Under StrykerJS the mutant that is on is named in the environment: the worker runs it too.
    const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
    const base = { PATH: process.env.PATH ?? '', ...(mutant === undefined ? {} : { __STRYKER_ACTIVE_MUTANT__: mutant }) };
    const child = spawn(process.execPath, [path], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${file} exited ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as T);
    });
  });
}
