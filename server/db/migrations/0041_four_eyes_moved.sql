-- Four-eyes by aggregate (server/modules/approvals/aggregate.ts, docs/security.md "Four-eyes
-- approval") in one round trip: the lock on the pair (maker, client), then the sum of what the
-- maker moved on the client since `since` ago. The function is VOLATILE, so its SELECT takes a
-- snapshot of its own when it starts, after the lock is granted, and sees every entry a racing
-- action of the same pair committed while this one waited. One statement doing both (lock and sum
-- side by side) would sum in the snapshot its statement started with, before the wait: wrong.
-- `maker` and `client` are the ids as text, hashed exactly as the lock taken alone
-- (`lockMakerClient`: hashtext of the id's text).
CREATE FUNCTION four_eyes_moved(maker text, client text, since interval, entry_types text[])
RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  moved bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(maker), hashtext(client));
  SELECT coalesce(sum(l.amount), 0) INTO moved
    FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
   WHERE e.actor_id = maker::uuid AND e.user_id = client::uuid
     AND e.created_at > now() - since
     AND e.type = ANY (entry_types) AND l.amount > 0;
  RETURN moved;
END;
$$;
