import pg from 'pg';
import { errorFields, log } from '@/lib/log';

// One LISTEN connection per process, fanned out to in-memory subscribers. It reconnects by
// itself; after a reconnect every subscriber is told (payload null) so it can re-check state
// it may have missed while the connection was down.

type Subscriber = (payload: string | null) => void;

const RECONNECT_DELAY_MS_MAX = 5_000;

class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private reconnectDelayMs = 100;
  private closed = false;

  async subscribe(channel: string, subscriber: Subscriber): Promise<() => void> {
    let set = this.subscribers.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(subscriber);
    await this.ensureConnected();
    if (isNewChannel && this.client) await this.client.query(`LISTEN ${quoteChannel(channel)}`);
    return () => set.delete(subscriber);
  }

  async close(): Promise<void> {
    this.closed = true;
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
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL, keepAlive: true });
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      log.warn('listen connection lost', errorFields(error));
      this.dropAndReconnect(client);
    });
    client.on('end', () => this.dropAndReconnect(client));
    await client.connect();
    for (const channel of this.subscribers.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    this.client = client;
    this.reconnectDelayMs = 100;
  }

  private dropAndReconnect(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.end().catch(() => undefined);
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, RECONNECT_DELAY_MS_MAX);
    setTimeout(() => {
      this.ensureConnected()
        .then(() => {
          for (const set of this.subscribers.values()) for (const subscriber of set) subscriber(null);
        })
        .catch(() => this.dropAndReconnectLater());
    }, delay).unref();
  }

  private dropAndReconnectLater(): void {
    setTimeout(() => void this.ensureConnected().catch(() => this.dropAndReconnectLater()), this.reconnectDelayMs).unref();
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
