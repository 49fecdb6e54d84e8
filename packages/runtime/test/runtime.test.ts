import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { bool, ConfigError, int, str, url } from '../src/index.ts';

const refuses = (fn: () => unknown, setting: string) =>
  assert.throws(fn, (e: unknown) => e instanceof ConfigError && e.setting === setting && e.message.startsWith(`Invalid setting ${setting}:`));

describe('settings', () => {
  it('absent and blank are null; values are trimmed', () => {
    assert.equal(str({}, 'X'), null);
    assert.equal(str({ X: '   ' }, 'X'), null);
    assert.equal(str({ X: ' v ' }, 'X'), 'v');
  });
  it('urls must be http(s) and lose trailing slashes', () => {
    assert.equal(url({ U: 'https://a.example/x//' }, 'U'), 'https://a.example/x');
    refuses(() => url({ U: 'ftp://a' }, 'U'), 'U');
    refuses(() => url({ U: 'not a url' }, 'U'), 'U');
  });
  it('integers are whole and bounded', () => {
    assert.equal(int({}, 'N', 7, 0, 10), 7);
    assert.equal(int({ N: '10' }, 'N', 7, 0, 10), 10);
    refuses(() => int({ N: '11' }, 'N', 7, 0, 10), 'N');
    refuses(() => int({ N: '1.5' }, 'N', 7, 0, 10), 'N');
  });
  it('booleans take true/false/1/0/yes/no', () => {
    assert.equal(bool({ B: 'YES' }, 'B', false), true);
    assert.equal(bool({ B: '0' }, 'B', true), false);
    refuses(() => bool({ B: 'maybe' }, 'B', false), 'B');
  });
  it('loadOrExit prints the one line and exits 1', () => {
    const code = `import { loadOrExit, ConfigError } from './src/index.ts'; loadOrExit(() => { throw new ConfigError('PORT', 'bad'); });`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stderr.trim(), 'Invalid setting PORT: bad');
  });
});
