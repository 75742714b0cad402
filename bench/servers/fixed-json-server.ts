// The read ceiling of issue 8: fastify over HTTPS (inboxd's certificate) answering one fixed JSON body
// with a response schema, as fast as fastify can. Prints `{"port": N}` once listening on 127.0.0.1.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [certFile, keyFile] = process.argv.slice(2);
if (certFile === undefined || keyFile === undefined) throw new Error('usage: fixed-json-server CERT KEY');
const app = Fastify({ logger: false, https: { cert: readFileSync(certFile), key: readFileSync(keyFile) } });
const body = { status: 'ok', service: 'fixed', items: [1, 2, 3] };
app.get('/fixed', {
  schema: {
    response: {
      200: {
        type: 'object',
        properties: {
          status: { type: 'string' },
          service: { type: 'string' },
          items: { type: 'array', items: { type: 'integer' } },
        },
      },
    },
  },
  handler: async () => body,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
