/**
 * Every URL prefix is served from its room (docs/architecture.md "Rooms"): the first segment of a
 * route's URL after /api names the folder of server/modules whose file declares the route
 * (`room` in the app's route table, server/modules/audit/route-table.ts), singular or plural alike
 * (`/transaction` → transactions, `/trading-activity` → trading-activities). A route another room
 * serves under a prefix that is not its own must be one of the deliberate exceptions below, each
 * with its reason; an exception no route uses any more fails too, so the list stays short and true.
 */
import { describe, expect, it } from 'vitest';
import { useBareTestContext } from './context';

const t = useBareTestContext();

/**
 * The routes a room serves under another room's prefix, on purpose, by room: the URL patterns, each
 * with the routes below it (`/api/c-withdrawals` covers `/api/c-withdrawals/:id/approve`).
 */
const EXCEPTIONS_BY_ROOM: Readonly<Record<string, readonly string[]>> = {
  // the signed-in user's own profile, referral page and data export keep the product's URLs under /user
  profile: [
    '/api/user/profile',
    '/api/user/profile-picture',
    '/api/user/referrals/:id',
    '/api/user/export.zip',
  ],
  // the client's identity documents and their review: the KYC room, mounted under /user
  kyc: ['/api/user/verification', '/api/user/admin/:id/verification'],
  // the product's first /user and /user/admin/* paths, kept by the rooms that serve them; for
  // emailing also the outbox of the mail it sends (and the routes below it)
  plans: ['/api/user/active-plan', '/api/user/admin/active-plan/:id'],
  'trading-activities': ['/api/user/admin/add-profit/:id'],
  emailing: ['/api/user/admin/email', '/api/mail/outbox'],
  // the "This wasn't me" link of the change e-mails: an account action of anyone with the link,
  // beside the other /auth ones, served by the room of the holds that sends it
  'security-holds': ['/api/auth/this-wasnt-me'],
  // one withdrawal plugin, mounted once per method (crypto, bank)
  withdrawals: ['/api/c-withdrawals', '/api/b-withdrawals'],
};
/** The exceptions one by one: a URL pattern and the room that serves it. */
const EXCEPTIONS: ReadonlyArray<{ url: string; room: string }> = Object.entries(EXCEPTIONS_BY_ROOM).flatMap(
  ([room, urls]) => urls.map((url) => ({ url, room })),
);

/** `trading-activities` → `trading-activity`, `deposits` → `deposit`: a name without its plural. */
function singular(name: string): string {
  return name.replace(/ies$/, 'y').replace(/s$/, '');
}

/** The exception that covers `url` (the pattern itself, or one below it), if any. */
function exceptionFor(url: string) {
  return EXCEPTIONS.find((e) => url === e.url || url.startsWith(`${e.url}/`));
}

/** The API's routes with their room; /api/docs is the OpenAPI viewer's own (@fastify/swagger-ui). */
function apiRoutes() {
  return t.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
    .map((r) => ({ route: `${r.method} ${r.url}`, url: r.url, room: r.room }));
}

describe('URL prefixes and rooms', () => {
  it('reads a room for every API route', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.room === undefined)).toEqual([]);
  });

  it('serves every prefix from the room it names, but for the listed exceptions', () => {
    const misplaced = apiRoutes()
      .filter(({ url, room }) => {
        const prefix = url.split('/')[2]!;
        if (singular(prefix) === singular(room!)) return false;
        return exceptionFor(url)?.room !== room;
      })
      .map(({ route, room }) => `${route} from ${room}`);
    expect(misplaced).toEqual([]);
  });

  it('uses every exception, from the room it names', () => {
    const routes = apiRoutes();
    const unused = EXCEPTIONS.filter(
      (e) => !routes.some((r) => exceptionFor(r.url) === e && r.room === e.room),
    );
    expect(unused).toEqual([]);
  });
});
