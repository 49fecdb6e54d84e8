// The API's entry point (`npm start`, `storefront api`). Plain JavaScript on purpose: it turns on
// Node's compile cache before the first TypeScript file loads, so a start whose files are all in
// the cache never loads Node's type stripper, about 20 MB of resident memory that would otherwise
// stay for the life of the process (docs/operations.md, "Compile cache"). Everything else is
// src/server.ts.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

// NODE_COMPILE_CACHE chooses the directory; by default it is inside the checkout, writable only by
// whoever may change the code, never a shared temporary directory. A directory the process cannot
// write only makes every start a cold one.
enableCompileCache(process.env.NODE_COMPILE_CACHE || fileURLToPath(new URL('../../../node_modules/.cache/node-compile-cache', import.meta.url)));
await import('./server.ts');
