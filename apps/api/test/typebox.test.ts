/**
 * src/lib/typebox.ts builds the API's schemas without loading TypeBox's engine; every builder
 * must give the object TypeBox gives, hidden marks and key order included.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type as TypeBox } from 'typebox';
import { Type } from '../src/lib/typebox.ts';

/** Every own property in order, with whether it is enumerable: what deepEqual alone would miss. */
const shape = (v: unknown): unknown =>
  v && typeof v === 'object'
    ? Reflect.ownKeys(v).map((k) => {
        const d = Object.getOwnPropertyDescriptor(v, k)!;
        return [String(k), d.enumerable, d.writable, shape(d.value)];
      })
    : v;

function cases(T: typeof Type) {
  const item = T.Object(
    {
      id: T.String({ format: 'uuid' }),
      note: T.Optional(T.Union([T.String({ maxLength: 10 }), T.Null()])),
      qty: T.Integer({ minimum: 1 }),
      tags: T.Array(T.Literal('a'), { maxItems: 3 }),
    },
    { additionalProperties: false, description: 'an item' },
  );
  const query = T.Object({ limit: T.Optional(T.Integer()), cursor: T.Optional(T.String()), q: T.Optional(T.String()) }, { additionalProperties: false });
  return {
    item,
    allOptional: query,
    omit: T.Omit(item, ['note', 'qty']),
    omitToOptional: T.Omit(query, ['limit', 'cursor']),
    literals: T.Union([T.Literal(1), T.Literal(true), T.Literal('x', { description: 'x' })], { description: 'one of' }),
    scalars: [T.Boolean(), T.Null({ description: 'none' }), T.Unknown(), T.Unknown({ description: 'any' }), T.Integer(), T.String()],
    optionalObject: T.Optional(item),
    unsafe: T.Unsafe<'a' | 'b'>({ type: 'string', enum: ['a', 'b'] }),
    unsafeOptional: T.Optional(T.Unsafe<unknown>({ description: 'bytes' })),
  };
}

describe('the schema builders', () => {
  it('give what TypeBox gives, hidden marks and key order included', () => {
    const ours = cases(Type);
    const theirs = cases(TypeBox);
    for (const name of Object.keys(theirs) as (keyof typeof theirs)[]) {
      assert.deepEqual(shape(ours[name]), shape(theirs[name]), name);
    }
  });

  it('leave the schema given to Unsafe and Optional as it was', () => {
    const given = { type: 'string' };
    Type.Optional(Type.Unsafe(given));
    assert.deepEqual(shape(given), shape({ type: 'string' }));
  });
});
