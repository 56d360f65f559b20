/**
 * The e2e server's test hooks (never part of the app): a small HTTP server on a Unix socket next to
 * the server's mails (HOOKS_SOCKET, e2e/env.ts), so no port of the run is taken and nothing the
 * browser reaches serves it. serve.ts starts it; the journeys call it with `testHook`
 * (e2e/destinations.ts).
 *
 * POST /beneficiary-clock {email, hours}: moves the address book's clock `hours` forward for that
 * user's destinations (server/test/clocks.ts), as if the waiting period had passed;
 * POST /security-hold-clock {email, hours} the same for their withdrawal holds. 204; 404 for an
 * unknown path or e-mail; 400 for a bad body. POST /session-clock {email, hours} moves their
 * sessions' clock (server/test/session-clock.ts), as if they had been idle that long.
 */
import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { AppInstance } from '../server/app-context';
import { users } from '../server/db/schema';
import type { DbOrTx } from '../server/db/client';
import { moveBeneficiaryClock, moveSecurityHoldClock } from '../server/test/clocks';
import { moveSessionClock } from '../server/test/session-clock';

/** The clocks a journey may move, by path: each moves one user's rows `hours` forward. */
const CLOCKS: Record<string, (db: DbOrTx, hours: number, userId: string) => Promise<void>> = {
  '/beneficiary-clock': moveBeneficiaryClock,
  '/security-hold-clock': moveSecurityHoldClock,
  '/session-clock': moveSessionClock,
};

/** Starts the hooks of `app` on the Unix socket `socket` (replacing a stale one); answers the server. */
export async function serveTestHooks(app: AppInstance, socket: string): Promise<Server> {
  const { db } = app.ctx.database;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(text || '{}') as { email?: unknown; hours?: unknown };
        const move = CLOCKS[req.url ?? ''];
        if (req.method !== 'POST' || !move) return 404;
        if (typeof body.email !== 'string' || typeof body.hours !== 'number') return 400;
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, body.email.toLowerCase()));
        if (!user) return 404;
        await move(db, body.hours, user.id);
        return 204;
      })()
        .catch(() => 500)
        .then((status) => res.writeHead(status).end());
    });
  });
  rmSync(socket, { force: true });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return server;
}
