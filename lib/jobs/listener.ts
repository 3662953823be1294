import pg from 'pg';
import { errorFields, log } from '@/lib/log';

// One LISTEN connection per process, fanned out to in-memory subscribers. It reconnects by
// itself; after a reconnect every subscriber is told (payload null) so it can re-check state
// it may have missed while the connection was down. A subscriber added while the database is
// away (a worker starting during a restart) is kept, not refused: the connection is retried, and
// the subscriber hears null once it is back.

type Subscriber = (payload: string | null) => void;

const RECONNECT_DELAY_MS_FIRST = 100;
const RECONNECT_DELAY_MS_MAX = 5_000;

export class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private reconnectDelayMs = RECONNECT_DELAY_MS_FIRST;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /** `connectionString`: the database to listen on (default DATABASE_URL, read at each connect). */
  constructor(private readonly connectionString: () => string | undefined = () => process.env.DATABASE_URL) {}

  /** Whether the connection is up now: a notice sent while it is not goes unheard. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Resolves once the subscriber is kept, whether or not the database is reachable now. */
  async subscribe(channel: string, subscriber: Subscriber): Promise<() => void> {
    const quoted = quoteChannel(channel);
    let set = this.subscribers.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(subscriber);
    const unsubscribe = () => set.delete(subscriber);
    try {
      await this.ensureConnected();
      // A connection made for another subscriber before this channel existed does not listen to it yet.
      if (isNewChannel && this.client) await this.client.query(`LISTEN ${quoted}`);
    } catch (error) {
      log.warn('listen connection not available; retrying', errorFields(error));
      this.reconnectLater();
    }
    return unsubscribe;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString(), keepAlive: true });
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      log.warn('listen connection lost', errorFields(error));
      this.dropAndReconnect(client);
    });
    client.on('end', () => this.dropAndReconnect(client));
    try {
      await client.connect();
      for (const channel of this.subscribers.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (error) {
      // Connected but not listening to every channel (the server went away mid-way): not kept.
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelayMs = RECONNECT_DELAY_MS_FIRST;
  }

  private dropAndReconnect(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.reconnectLater();
  }

  /** One reconnect at a time, backing off; once connected, every subscriber re-checks. */
  private reconnectLater(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, RECONNECT_DELAY_MS_MAX);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureConnected().then(
        () => {
          for (const set of this.subscribers.values()) for (const subscriber of set) subscriber(null);
        },
        () => this.reconnectLater(),
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private dispatch(channel: string, payload: string): void {
    const set = this.subscribers.get(channel);
    if (!set) return;
    for (const subscriber of set) subscriber(payload);
  }
}

/**
 * The channel as a quoted identifier for LISTEN. Job channels hold a task's name (`ledger_jobs:
 * documents.generate`); a name PostgreSQL would cut at 63 bytes, or one that needs escaping, is refused.
 */
export function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_.:-]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  return `"${channel}"`;
}

const globalForListener = globalThis as unknown as { ledgerListener?: Listener };
export const listener: Listener = (globalForListener.ledgerListener ??= new Listener());
