/**
 * Builds the API in-process with fixed settings and renders its OpenAPI document and the
 * TypeScript types generated from it. Nothing here depends on the machine, the clock or the
 * environment, so the output is byte-for-byte reproducible (the stale check relies on that).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { openDatabase } from '../../../apps/api/src/db/kysely.ts';

export interface Generated {
  openapiJson: string;
  schemaDts: string;
}

const HEADER = `/**
 * Generated from packages/client/openapi.json by \`npm run generate -w packages/client\`.
 * Do not edit by hand: \`npm test\` fails when this file no longer matches the API.
 */

`;

/** Sorts object keys so the JSON does not depend on route registration order details. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

export async function generate(): Promise<Generated> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-client-gen-'));
  const database = openDatabase(`sqlite:${join(dir, 'gen.db')}`);
  try {
    // A fixed, complete environment (never process.env): the document must not vary by machine.
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'openapi-generation-only-secret-0123456789abcdef',
      DATABASE_URL: `sqlite:${join(dir, 'gen.db')}`,
      DATA_DIR: dir,
      PUBLIC_BASE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database });
    await app.ready();
    const doc = sortKeys(app.swagger()) as Record<string, unknown>;
    await app.close();
    const openapiJson = `${JSON.stringify(doc, null, 2)}\n`;
    const ast = await openapiTS(JSON.parse(openapiJson), { alphabetize: true });
    const schemaDts = HEADER + astToString(ast);
    return { openapiJson, schemaDts };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
