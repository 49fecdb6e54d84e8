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
  /** The `error` codes the document's error answers list, as a const array and its union type. */
  errorCodesTs: string;
}

const HEADER = `/**
 * Generated from packages/client/openapi.json by \`npm run generate -w packages/client\`.
 * Do not edit by hand: \`npm test\` fails when this file no longer matches the API.
 */

`;

/** Every `error` enum of every error answer in the document, sorted, without repeats. */
function errorCodes(doc: unknown): string[] {
  const codes = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const error = (v as { properties?: { error?: { enum?: unknown } } }).properties?.error?.enum;
      if (Array.isArray(error)) for (const c of error) codes.add(String(c));
      Object.values(v).forEach(walk);
    }
  };
  walk(doc);
  return [...codes].sort();
}

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
    const doc = sortKeys((await app.inject('/docs/openapi.json')).json()) as Record<string, unknown>;
    await app.close();
    const openapiJson = `${JSON.stringify(doc, null, 2)}\n`;
    const ast = await openapiTS(JSON.parse(openapiJson), { alphabetize: true });
    const schemaDts = HEADER + astToString(ast);
    const codes = errorCodes(doc).map((c) => `  '${c}',\n`).join('');
    const errorCodesTs = `${HEADER}/** Every \`error\` code the API answers with, as its OpenAPI document lists them. */\nexport const API_ERROR_CODES = [\n${codes}] as const;\n\nexport type ApiErrorCode = (typeof API_ERROR_CODES)[number];\n`;
    return { openapiJson, schemaDts, errorCodesTs };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
