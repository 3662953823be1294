import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { Listener } from '@/lib/jobs/listener';
import { withDatabase } from '../support/db';
import { until } from '../support/until';

// The process's LISTEN connection (lib/jobs/listener.ts) while the database is away. A worker
// subscribes to its lane's channels as it starts; one that starts while PostgreSQL restarts must
// keep its subscriptions instead of dying, and hear (a null notice) that it should re-check what it
// may have missed once the connection is back.

const channel = () => `test.listener.${randomUUID().slice(0, 8)}`;

const notify = (name: string, payload: string) => withDatabase((client) => client.query('SELECT pg_notify($1, $2)', [name, payload]));

describe('the LISTEN connection', () => {
  it('keeps a subscriber added while the database cannot be reached, and tells it to re-check once connected', async () => {
    // Nothing listens on port 1 of this machine: the first connections are refused.
    let url = 'postgresql://postgres:unused@127.0.0.1:1/ledger';
    const listener = new Listener(() => url);
    const name = channel();
    const heard: (string | null)[] = [];
    try {
      await listener.subscribe(name, (payload) => heard.push(payload));
      expect(listener.listening).toBe(false);
      url = inject('databaseUrl');
      await until(() => heard.includes(null), 'the re-check after connecting');
      expect(listener.listening).toBe(true);
      await notify(name, 'after the outage');
      await until(() => heard.includes('after the outage'), 'a notice on the channel subscribed while away');
    } finally {
      await listener.close();
    }
  });

  it('connects again after the server ends its connection, listening on every channel as before', async () => {
    const listener = new Listener(() => inject('databaseUrl'));
    const [first, second] = [channel(), channel()];
    const heard: (string | null)[] = [];
    try {
      await listener.subscribe(first, (payload) => heard.push(`first:${payload}`));
      await listener.subscribe(second, (payload) => heard.push(`second:${payload}`));
      expect(listener.listening).toBe(true);
      // Its last statement was the second channel's LISTEN: that names this connection among the stack's.
      const ended = await withDatabase(async (client) => {
        const { rowCount } = await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [
          `LISTEN "${second}"`,
        ]);
        return rowCount;
      });
      expect(ended).toBe(1);
      await until(() => heard.includes('first:null') && heard.includes('second:null'), 'the re-check after reconnecting');
      expect(listener.listening).toBe(true);
      await notify(first, 'one');
      await notify(second, 'two');
      await until(() => heard.includes('first:one') && heard.includes('second:two'), 'notices on both channels');
    } finally {
      await listener.close();
    }
  });
});
