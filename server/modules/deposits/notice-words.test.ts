/**
 * The words of a deposit's notices (docs/product.md "Notices"): the coin by its name and ticker
 * ("via Bitcoin (BTC)"), and a reason that ends its own sentence is not followed by a second full
 * stop.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient, submitDeposit } from '../../test/factories';

const { t, admin, inject } = useTestContext({ fourEyesThreshold: 1_000_000_00n });
const noticesOf = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.message,
  );

describe('deposit notices', () => {
  it('name the coin properly and end a reason with one full stop', async () => {
    const c = await createClient(t.app);
    const refused = await submitDeposit(t.app, c, 20);
    const res = await inject('PUT', `/api/deposits/${refused}/reject`, admin.headers, {
      reason: 'The amount received differs from the one declared.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const approved = await submitDeposit(t.app, c, 30);
    expect((await inject('PUT', `/api/deposits/${approved}/approve`, admin.headers)).statusCode).toBe(200);

    const notices = await noticesOf(c.id);
    const rejection = notices.find((m) => m.includes('was rejected'))!;
    expect(rejection).toContain('via Bitcoin (BTC) could not be confirmed');
    expect(rejection).toContain('Reason: The amount received differs from the one declared. Please contact');
    expect(rejection).not.toContain('..');
    expect(notices.find((m) => m.includes('has been approved'))).toContain(
      'via Bitcoin (BTC) has been approved',
    );
  });
});
