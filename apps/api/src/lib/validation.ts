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

/** How many route schemas have been compiled so far (validators and serialisers); tests read it. */
export const compiled = { validators: 0, serializers: 0 };

/**
 * Each route's validators and response serialisers are compiled on their first call, not when the
 * server starts: generated code for a route nobody calls costs memory (docs/performance.md "The
 * API's memory"). The answers are the same; `schemaEnv` tells Fastify to hand Ajv the parent
 * object, as it does for a validator compiled up front, and `errors` is the compiled one's.
 */
export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) => {
  let compiledFn: ValidateFunction | undefined;
  const validate = (data: unknown, dataCtx?: Parameters<ValidateFunction>[1]) => {
    if (!compiledFn) {
      compiledFn = (httpPart === 'body' ? strict : coercing).compile(schema as object);
      compiled.validators++;
    }
    const valid = compiledFn(data, dataCtx);
    validate.errors = compiledFn.errors;
    return valid;
  };
  validate.errors = undefined as ValidateFunction['errors'];
  validate.schemaEnv = true;
  return validate;
};

const buildSerializer = SerializerSelector()({}, {});

export const serializerCompiler: FastifySerializerCompiler<any> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    if (!serialize) {
      serialize = buildSerializer(route as Parameters<typeof buildSerializer>[0]);
      compiled.serializers++;
    }
    return serialize(data);
  };
};
