/**
 * Ids for the rows a posting writes. A journal entry's id is made before its statement is sent (its
 * lines name it), and is time-ordered: a UUID version 7 (RFC 9562 §5.7: 48 bits of Unix time in
 * milliseconds, then 74 random bits), so consecutive entries land on the right edge of the primary
 * key and of the lines' `entry_id` index instead of each on a random leaf page. The lines, audit
 * rows, notices and mails get the same kind of id from the database's `uuid_v7()` default
 * (migration time_ordered_ids; bench/runs.md "Time-ordered ids").
 *
 * Not a secret: an id tells the millisecond its row was made, which every such row also shows in
 * its `created_at`. Anything that must not be guessed (tokens, codes, file names) keeps a random
 * value of its own.
 */
import { v7 } from 'uuid';

/** A new time-ordered id (UUID version 7, lowercase hex with dashes). */
export const timeOrderedId = (): string => v7();
