/** `npm run generate -w packages/client`: rewrites openapi.json, src/schema.d.ts and src/error-codes.ts from the API. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from './openapi.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = await generate();
writeFileSync(`${root}openapi.json`, out.openapiJson);
writeFileSync(`${root}src/schema.d.ts`, out.schemaDts);
writeFileSync(`${root}src/error-codes.ts`, out.errorCodesTs);
console.log('wrote packages/client/openapi.json, src/schema.d.ts and src/error-codes.ts');
