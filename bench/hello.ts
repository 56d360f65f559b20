/**
 * The reference load of `npm run bench` (bench/api.ts): a bare Fastify hello-world route,
 * GET /hello → {"hello":"world"}, no logger and no plugins, on 127.0.0.1:$PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
