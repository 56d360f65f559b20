/**
 * A PostgreSQL LISTEN that survives its connection: one dedicated pg.Client (not from the pool, so
 * it never holds a connection a request needs), opened in the background, re-opened with back-off
 * (100 ms doubling to 5 s, with jitter) whenever it drops — a restart, a fail-over,
 * `pg_terminate_backend`, or a heartbeat (`select 1` every 10 s) that got no answer within 5 s.
 * No error escapes: each is handed to `report` (the app logs it) and the listener tries again.
 * While it is not listening, notifications sent meanwhile are lost for good, so the owner is told
 * (`onReset`) both when listening stops and when it starts again, and must assume it missed some.
 */
import pg from 'pg';

/** The `application_name` of the listener's connection (to find it in `pg_stat_activity`). */
export const LISTENER_APPLICATION_NAME = 'broker-listener';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
const CONNECT_TIMEOUT_MS = 3_000;
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
/** The longest `close()` waits for the connection to end, ms. */
const CLOSE_TIMEOUT_MS = 1_000;

/** A running LISTEN (`Database.listen`). */
export interface Listener {
  /** True while LISTEN is in effect on a live connection: a NOTIFY committed now will arrive. */
  readonly listening: boolean;
  /** Stops listening for good: ends the connection (waits at most 1 s) and every timer. */
  close(): Promise<void>;
}

/** What a listener calls back. */
export interface ListenerHandlers {
  /** Each notification on the channel, with its payload ('' when none). */
  onMessage(payload: string): void;
  /**
   * Listening stopped (`false`: messages may be missed from now on) or started again (`true`: some
   * may have been missed since the last call). Never called twice in a row with the same value.
   */
  onReset(listening: boolean): void;
}

/**
 * Starts listening on `channel` (a plain identifier) of the PostgreSQL database at `url` and
 * answers at once; the first LISTEN happens in the background (`listening` turns true then).
 * `report` receives every connection error (they never throw or crash the process).
 */
export function startListener(
  url: string,
  channel: string,
  handlers: ListenerHandlers,
  report: (err: Error) => void,
): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let delay = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    handlers.onReset(value);
  };

  /** Abandons `c` (if it is still the current client) and schedules the next try. */
  const drop = (c: pg.Client, err?: unknown) => {
    if (c !== client) return;
    client = null;
    clearInterval(heartbeatTimer);
    setListening(false);
    if (err) report(err instanceof Error ? err : new Error(String(err)));
    void c.end().catch(() => undefined);
    if (closed) return;
    const wait = delay + Math.floor(Math.random() * delay * 0.2);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
    // unref'd: a process that forgot to close its app may still exit while the database is away
    retryTimer = setTimeout(() => void connect(), wait).unref();
  };

  const heartbeat = (c: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`listener heartbeat: no answer within ${HEARTBEAT_TIMEOUT_MS} ms`)),
        HEARTBEAT_TIMEOUT_MS,
      );
    });
    Promise.race([c.query('select 1'), timeout])
      .catch((err: unknown) => drop(c, err))
      .finally(() => clearTimeout(timer));
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client = c;
    // an error or the end of the connection, with or without a query running: try again later
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    c.on('notification', (msg) => {
      if (c === client && msg.channel === channel) handlers.onMessage(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      drop(c, err);
      return;
    }
    if (c !== client) {
      // closed (or given up on) while connecting
      void c.end().catch(() => undefined);
      return;
    }
    delay = RETRY_MIN_MS;
    heartbeatTimer = setInterval(() => heartbeat(c), HEARTBEAT_MS).unref();
    setListening(true);
  };

  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeatTimer);
      const c = client;
      client = null;
      setListening(false);
      if (!c) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        c.end().catch(() => undefined),
        new Promise((r) => (timer = setTimeout(r, CLOSE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}

/** The notifications a pool connection sends itself, by channel (`ownNotifications`). */
export interface OwnNotifications {
  /** Calls `onMessage` with each notification on `channel` that a connection of the pool sent; answers the undo. */
  add(channel: string, onMessage: (payload: string) => void): () => void;
  /** The pool's `onConnect` hook: LISTENs on every channel added so far, before the pool hands the connection out. */
  onConnect(client: pg.ClientBase): Promise<void>;
}

/**
 * Read-your-writes for the process that made a change. A NOTIFY reaches the dedicated listener a
 * moment after its commit, possibly after this process has already answered and taken its next
 * request. But a session that LISTENs gets its own notifications before the statement or COMMIT
 * that sent them completes (ahead of ReadyForQuery), so each pool connection LISTENs too (when it
 * is opened, before its first query) and hands on the notifications it sent itself (the sender's
 * pid is its own) before the caller's `await` returns. The others' are the dedicated listener's
 * business. A connection opened before `add` was first called for a channel does not LISTEN on it
 * (openDatabase closes its migration connection, so the app's pool opens every one afterwards).
 */
export function ownNotifications(): OwnNotifications {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    add(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
      const set = handlers.get(channel) ?? new Set();
      set.add(onMessage);
      handlers.set(channel, set);
      return () => set.delete(onMessage);
    },
    async onConnect(client) {
      client.on('notification', (msg) => {
        if (msg.processId !== (client as unknown as { processID?: number }).processID) return;
        for (const onMessage of handlers.get(msg.channel) ?? []) onMessage(msg.payload ?? '');
      });
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    },
  };
}
