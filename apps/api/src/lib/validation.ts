import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const base: Options = { removeAdditional: true, useDefaults: true, allErrors: false, strict: false };

/**
 * Bodies are validated strictly (a string is never turned into a number: money must arrive as an
 * integer), while query strings, params and headers coerce, since everything there is text.
 */
const strict = addFormats.default(new Ajv({ ...base, coerceTypes: false }));
const coercing = addFormats.default(new Ajv({ ...base, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema as object);
