/**
 * Mail retention (docs/operations.md "Mail retention"): a sent mail's body holds what only its
 * recipient should read — sign-up and reset codes, withdrawal codes, invitation and set-password
 * links, the unsubscribe link of its headers — and is useless once read. Housekeeping blanks the
 * body of every `sent` (or, without SMTP, `logged`) mail written more than `days` days ago: `text`,
 * `html` and `headers` become null and `message` keeps only its template's name and kind (its
 * values and the greeting's name go), `body_removed_at` says when. Recipient, subject, template,
 * status, tries and times stay, so the outbox still tells who was sent what kind of mail, when.
 * Queued and failed mails keep their bodies: they may still be sent.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** Mails one UPDATE blanks at most: a backlog is cleared in short statements. */
const BATCH = 5_000;

/**
 * Blanks the bodies of sent and logged mails written more than `days` days ago (see the module
 * comment), in batches; answers how many. Safe to run in several processes at once.
 */
export async function removeOldMailBodies(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
        update ${mailOutbox} set
          text = null,
          html = null,
          headers = null,
          message = case when message is null then null
            else jsonb_build_object('template', message->'template', 'kind', message->'kind', 'data', '{}'::jsonb, 'name', null)
          end,
          body_removed_at = now()
        where id in (
          select id from ${mailOutbox}
          where status in ('sent', 'logged') and body_removed_at is null
            and created_at < now() - make_interval(days => ${days})
          order by created_at limit ${BATCH} for update skip locked)
        returning 1
      ) select count(*)::int as n from gone`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}
