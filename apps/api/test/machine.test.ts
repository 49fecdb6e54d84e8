/**
 * `defineMachine` (src/lib/machine.ts): the table decides every answer, a refused move is 409
 * `invalid_transition` in the machine's own words, and `sources` reads the table backwards.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../src/lib/errors.ts';
import { defineMachine } from '../src/lib/machine.ts';

type Light = 'red' | 'green' | 'amber' | 'off';
const light = defineMachine<Light>({
  moves: { red: ['green', 'off'], green: ['amber', 'off'], amber: ['red', 'off'], off: [] },
  refusal: (from, to) => ({ message: `A light that is ${from} cannot turn ${to}`, extra: { from, to } }),
});

describe('defineMachine', () => {
  it('allows exactly the moves in its table', () => {
    const states: Light[] = ['red', 'green', 'amber', 'off'];
    const allowed = states.flatMap((from) => states.filter((to) => light.canMove(from, to)).map((to) => `${from}>${to}`));
    assert.deepEqual(allowed, ['red>green', 'red>off', 'green>amber', 'green>off', 'amber>red', 'amber>off']);
  });

  it('refuses a move outside the table with 409 invalid_transition in its own words', () => {
    assert.doesNotThrow(() => light.assertMove('red', 'green'));
    assert.throws(
      () => light.assertMove('red', 'amber'),
      (e: unknown) => {
        assert.ok(e instanceof AppError);
        assert.equal(e.status, 409);
        assert.deepEqual(e.body(), { error: 'invalid_transition', message: 'A light that is red cannot turn amber', from: 'red', to: 'amber' });
        return true;
      },
    );
    assert.throws(() => light.assertMove('off', 'red'), /A light that is off cannot turn red/);
  });

  it('names the states a move may come from', () => {
    assert.deepEqual(light.sources('off'), ['red', 'green', 'amber']);
    assert.deepEqual(light.sources('red'), ['amber']);
  });

  it('refuses without extra fields when its words carry none, and in plain words without a refusal', () => {
    const door = defineMachine<'open' | 'shut'>({ moves: { open: ['shut'], shut: [] } });
    assert.deepEqual(door.refuse('shut', 'open').body(), { error: 'invalid_transition', message: 'Cannot move from shut to open' });
    assert.equal(door.canMove('shut', 'open'), false);
  });
});
