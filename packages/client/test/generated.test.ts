import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generate } from '../scripts/openapi.ts';

const read = (rel: string) => readFileSync(new URL(`../${rel}`, import.meta.url), 'utf8');

test('the committed OpenAPI document and generated types match the API as it is now', async () => {
  const fresh = await generate();
  const hint = 'stale: run `npm run generate -w packages/client` and commit packages/client';
  assert.ok(fresh.openapiJson === read('openapi.json'), `openapi.json is ${hint}`);
  assert.ok(fresh.schemaDts === read('src/schema.d.ts'), `src/schema.d.ts is ${hint}`);
  assert.ok(fresh.errorCodesTs === read('src/error-codes.ts'), `src/error-codes.ts is ${hint}`);
});

test('generation is deterministic: two runs give identical bytes', async () => {
  const [a, b] = [await generate(), await generate()];
  assert.equal(a.openapiJson, b.openapiJson);
  assert.equal(a.schemaDts, b.schemaDts);
  assert.equal(a.errorCodesTs, b.errorCodesTs);
});
