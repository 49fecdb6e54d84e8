import type { Type as TypeBox } from 'typebox';

/**
 * The TypeBox builders the API's schemas use, with TypeBox's own signatures and the same schema
 * objects (hidden `~kind`, `~optional`, `~unsafe` marks included). Importing `typebox` at run time
 * loads its whole type engine, 373 modules that stay in memory (docs/performance.md, "The API's
 * memory"), to build plain JSON Schema; its types (`Static`) come from `typebox` as before, and
 * `test/typebox.test.ts` holds these builders to TypeBox's.
 */
type Builders = Pick<typeof TypeBox, 'Array' | 'Boolean' | 'Integer' | 'Literal' | 'Null' | 'Object' | 'Omit' | 'Optional' | 'String' | 'Union' | 'Unknown' | 'Unsafe'>;

type Schema = Record<string, unknown>;

/** `schema` with `marks` added as TypeBox adds them: not enumerable, so JSON and Ajv never see them. */
function mark<T extends object>(schema: T, marks: Schema): T {
  for (const [key, value] of Object.entries(marks)) Object.defineProperty(schema, key, { value, writable: true, enumerable: false, configurable: true });
  return schema;
}

const create = (kind: string, schema: Schema, options?: object) => mark({ ...schema, ...options }, { '~kind': kind });

/** A copy of `schema`, hidden marks kept, with `marks` hidden and `options` enumerable on top (TypeBox's Memory.Update). */
function update(schema: object, marks: Schema, options: object = {}): Schema {
  const result: Schema = {};
  for (const key of Object.getOwnPropertyNames(schema)) {
    if (key in marks || key in options) continue;
    Object.defineProperty(result, key, Object.getOwnPropertyDescriptor(schema, key)!);
  }
  return Object.assign(mark(result, marks), options);
}

function object(properties: Record<string, Schema>, options?: object): Schema {
  const required = Object.keys(properties).filter((key) => !('~optional' in properties[key]!));
  return create('Object', { type: 'object', ...(required.length > 0 ? { required } : {}), properties }, options);
}

const builders = {
  Array: (items: Schema, options?: object) => create('Array', { type: 'array', items }, options),
  Boolean: (options?: object) => create('Boolean', { type: 'boolean' }, options),
  Integer: (options?: object) => create('Integer', { type: 'integer' }, options),
  Literal: (value: string | number | boolean, options?: object) => create('Literal', { type: typeof value, const: value }, options),
  Null: (options?: object) => create('Null', { type: 'null' }, options),
  Object: object,
  Omit: (schema: { properties: Record<string, Schema> }, keys: string[], options?: object) =>
    update(object(Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !keys.includes(key)))), {}, options),
  Optional: (schema: Schema) => update(schema, { '~optional': true }),
  String: (options?: object) => create('String', { type: 'string' }, options),
  Union: (anyOf: Schema[], options?: object) => create('Union', { anyOf }, options),
  Unknown: (options?: object) => create('Unknown', {}, options),
  Unsafe: (schema: object) => update(schema, { '~unsafe': null }),
};

export const Type = builders as unknown as Builders;
