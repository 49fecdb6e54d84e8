/**
 * The yardstick: bare Fastify serving the API's exact product-list bytes from memory, and a route
 * that only verifies the same JWT. Started by run.ts in its own process.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';

const products = readFileSync(process.env.PRODUCTS_BODY!, 'utf8');
const wallet = readFileSync(process.env.WALLET_BODY!, 'utf8');
const key = new TextEncoder().encode(process.env.JWT_SECRET!);
const app = Fastify({ logger: false });

app.get('/bare/products', (_req, reply) => reply.type('application/json; charset=utf-8').send(products));
app.get('/bare/wallet', async (req, reply) => {
  const token = req.headers['x-sdk-access-token'];
  if (typeof token !== 'string') return reply.status(401).send({ error: 'unauthorized' });
  await jwtVerify(token, key, { algorithms: ['HS256'] });
  return reply.type('application/json; charset=utf-8').send(wallet);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
