/**
 * A real HTTP endpoint for webhook tests: every POST it receives lands in `received` (headers and
 * the raw body, as a receiver must verify them), and it answers the status `answer` gives for that
 * delivery (200 by default). It verifies nothing itself: tests check signatures with the
 * `standardwebhooks` package's own verifier, which shares no code with the sender's signing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hook` */
  url: string;
  received: ReceivedWebhook[];
  /** The status to answer the nth delivery (0-based) with; default always 200. */
  answer: (n: number) => number;
  /** Resolves once `count` deliveries in all have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answer: () => 200,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(
            `expected ${count} webhook deliveries within ${timeoutMs} ms, got ${received.length}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.length;
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = receiver.answer(n);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
