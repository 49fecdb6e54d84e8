// Loads every production dependency of every part from the installed tree, and sends one signed
// S3 request through the AWS SDK (loaded lazily by the API, only when a bucket is configured):
// what the image's build deletes from node_modules must be nothing that runs. scripts/image-check.sh
// runs it inside the image.  node deploy/dependencies.ts   (from the repository's root)
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

const root = new URL('../', import.meta.url);
const names = new Set<string>();
for (const group of ['apps', 'packages']) {
  for (const dir of readdirSync(new URL(group, root))) {
    const manifest = new URL(`${group}/${dir}/package.json`, root);
    if (!existsSync(manifest)) continue;
    const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(dependencies)) if (!name.startsWith('@storefront/')) names.add(name);
  }
}
const failed: string[] = [];
for (const name of [...names].sort()) {
  try {
    await import(name);
  } catch (err) {
    failed.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
  }
}
if (failed.length) throw new Error(`dependencies: ${failed.length} of ${names.size} do not load:\n  ${failed.join('\n  ')}`);
console.log(`  ${names.size} production dependencies load`);

// A HEAD of a missing object, as the media store makes before each upload, against a local server
// answering 404: the request is built, signed and sent, and the answer parsed, by the SDK as installed.
let seen: IncomingHttpHeaders | undefined;
const server = createServer((req, res) => {
  seen = req.headers;
  res.writeHead(404, { 'x-amz-request-id': 'image-check' }).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { S3Client, HeadObjectCommand } = await import('@aws-sdk/client-s3');
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  forcePathStyle: true,
  maxAttempts: 1,
  credentials: { accessKeyId: 'image-check', secretAccessKey: 'image-check-secret' },
});
const status = await s3.send(new HeadObjectCommand({ Bucket: 'media', Key: 'missing.png' })).then(
  () => 200,
  (err: { $metadata?: { httpStatusCode?: number } }) => err.$metadata?.httpStatusCode,
);
server.close();
if (status !== 404 || !/^AWS4-HMAC-SHA256 Credential=image-check\//.test(seen?.authorization ?? '')) {
  throw new Error(`dependencies: the S3 client answered ${status}, authorization ${seen?.authorization}`);
}
console.log('  S3 client: a signed HEAD sent, its 404 parsed');
