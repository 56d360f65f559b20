/**
 * Example (docs/integrations.md "Example: a webhook receiver"): an HTTP endpoint that accepts the
 * broker's webhook deliveries only when their signature checks out (the `standardwebhooks`
 * package, which signs them too), hands each event once to `onEvent`, and answers 204 (400 when
 * the signature or the timestamp is wrong). server/test/integration-examples.test.ts runs it
 * against a real app.
 */
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** What a delivery's body holds. */
export interface BrokerEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Listens on `port` (0: any free one) with the endpoint's signing secret (`whsec_…`). */
export function startReceiver(secret: string, onEvent: (event: BrokerEvent) => void, port = 0): Server {
  const verifier = new Webhook(secret);
  // the ids of the events handled: keep them in your database, so a repeat is dropped after a restart too
  const seen = new Set<string>();
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        // throws unless the signature is right and the timestamp within 5 minutes of now
        const event = verifier.verify(body, req.headers as Record<string, string>) as BrokerEvent;
        const id = String(req.headers['webhook-id']);
        if (!seen.has(id)) {
          seen.add(id);
          onEvent(event);
        }
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  }).listen(port);
}
