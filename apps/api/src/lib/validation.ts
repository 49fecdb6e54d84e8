import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

const base: Options = { removeAdditional: true, useDefaults: true, allErrors: false, strict: false };

/**
 * Bodies are validated strictly (a string is never turned into a number: money must arrive as an
 * integer), while query strings, params and headers coerce, since everything there is text.
 */
const strict = addFormats.default(new Ajv({ ...base, coerceTypes: false }));
const coercing = addFormats.default(new Ajv({ ...base, coerceTypes: 'array' }));
const buildSerializer = SerializerSelector()({}, {});
// Ajv compiles its meta-schema (which checks each schema) on its first compile, about 0.3 s:
// paid here at start, not by the first caller of a route.
for (const ajv of [strict, coercing]) ajv.compile({ type: 'object' });

/**
 * Each route's validators and response serialisers are compiled on their first call, not when the
 * server starts: the generated code of every route and status would hold about 11 MB that an idle
 * API, or one whose clients call a few routes, never uses (docs/performance.md "The API's memory").
 * `pending` holds the ones not compiled yet, so a test can compile them all.
 */
const pending = new Set<() => void>();
export const pendingSchemas = (): number => pending.size;
export function compileAllSchemas(): void {
  for (const compile of pending) compile();
}

/**
 * The answers are those of a validator compiled up front: `schemaEnv` makes Fastify hand Ajv the
 * request as parent (so defaults and coercion reach the root), and `errors` are the compiled one's.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  let compiled: ValidateFunction | undefined;
  const compile = () => {
    compiled = (httpPart === 'body' ? strict : coercing).compile(schema as object);
    pending.delete(compile);
  };
  pending.add(compile);
  const validate = (data: unknown, dataCtx?: Parameters<ValidateFunction>[1]) => {
    if (!compiled) compile();
    const valid = compiled!(data, dataCtx);
    validate.errors = compiled!.errors;
    return valid;
  };
  validate.errors = undefined as ValidateFunction['errors'];
  validate.schemaEnv = true;
  return validate;
};

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  const compile = () => {
    serialize = buildSerializer(route as Parameters<typeof buildSerializer>[0]);
    pending.delete(compile);
  };
  pending.add(compile);
  return (data) => {
    if (!serialize) compile();
    return serialize!(data);
  };
};
