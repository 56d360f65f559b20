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
 * The routes a room serves under another room's prefix, on purpose: the URL pattern, and the routes
 * below it (`/api/c-withdrawals` covers `/api/c-withdrawals/:id/approve`).
 */
const EXCEPTIONS: ReadonlyArray<{ url: string; room: string }> = [
  // the signed-in user's own profile and referral page keep the product's URLs under /user
  { url: '/api/user/profile', room: 'profile' },
  { url: '/api/user/profile-picture', room: 'profile' },
  { url: '/api/user/referrals/:id', room: 'profile' },
  // the client's identity documents and their review: the KYC room, mounted under /user
  { url: '/api/user/verification', room: 'kyc' },
  { url: '/api/user/admin/:id/verification', room: 'kyc' },
  // the seed's /user and /user/admin/* paths, kept by the rooms that serve them
  { url: '/api/user/active-plan', room: 'plans' },
  { url: '/api/user/admin/active-plan/:id', room: 'plans' },
  { url: '/api/user/admin/add-profit/:id', room: 'trading-activities' },
  { url: '/api/user/admin/email', room: 'emailing' },
  // the outbox of the mail the emailing room sends (and the routes below it)
  { url: '/api/mail/outbox', room: 'emailing' },
  // the "This wasn't me" link of the change e-mails: an account action of anyone with the link,
  // beside the other /auth ones, served by the room of the holds that sends it
  { url: '/api/auth/this-wasnt-me', room: 'security-holds' },
  // one withdrawal plugin, mounted once per method (crypto, bank)
  { url: '/api/c-withdrawals', room: 'withdrawals' },
  { url: '/api/b-withdrawals', room: 'withdrawals' },
];

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
