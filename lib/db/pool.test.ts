import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, processPoolConfig } from './pool';

// The process pool against a small server that speaks PostgreSQL's startup: a connection ended in
// the same read as it started, and the connections a pool keeps through a quiet spell.

/**
 * A server that answers a connection's startup with "ready" and then, shutting down, at once
 * "terminating connection"; or, not shutting down, keeps the connection open and idle.
 */
function fakeServer({ shuttingDown }: { shuttingDown: boolean }): Promise<{ port: number; close: () => Promise<void> }> {
  const message = (type: string, body: Buffer) => {
    const header = Buffer.alloc(5);
    header.write(type, 0, 'ascii');
    header.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([header, body]);
  };
  const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
  const readyForQuery = message('Z', Buffer.from('I'));
  const field = (code: string, text: string) => Buffer.from(`${code}${text}\0`);
  const terminating = message(
    'E',
    Buffer.concat([
      field('S', 'FATAL'),
      field('C', '57P01'),
      field('M', 'terminating connection due to administrator command'),
      Buffer.from([0]),
    ]),
  );
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      if (shuttingDown) socket.end(Buffer.concat([authenticationOk, readyForQuery, terminating]));
      else socket.write(Buffer.concat([authenticationOk, readyForQuery]));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => {
          for (const socket of sockets) socket.destroy();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

afterEach(() => {
  process.removeListener('uncaughtException', recordUncaught);
});

// A connection the server ends in the same read as it finished starting up (PostgreSQL shutting
// down just as a connection is made): the pool hands it out, and its 'error' event comes before
// the taker could listen. The process must live on, the connection be unusable and discarded.
describe("the pool's connections", () => {
  it('outlive an error that arrives before their taker listens: the process goes on, the connection is discarded', async () => {
    const server = await fakeServer({ shuttingDown: true });
    process.on('uncaughtException', recordUncaught);
    const pool = createPool({ connectionString: `postgres://ledger:secret@127.0.0.1:${server.port}/ledger`, max: 1 });
    try {
      const client = await pool.connect();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect(pool.totalCount).toBe(0);
    } finally {
      await pool.end();
      await server.close();
    }
  });
});

describe("the process pool's size", () => {
  it('keeps every connection it opened by default, and DB_POOL_MIN of them when set', () => {
    expect(processPoolConfig({})).toMatchObject({ max: 10, min: 10, idleTimeoutMillis: 30_000 });
    expect(processPoolConfig({ DB_POOL_MAX: '4' })).toMatchObject({ max: 4, min: 4 });
    expect(processPoolConfig({ DB_POOL_MAX: '4', DB_POOL_MIN: '0' })).toMatchObject({ max: 4, min: 0 });
    expect(processPoolConfig({ DB_POOL_MAX: ' 6 ', DB_POOL_MIN: '2', DATABASE_URL: 'postgres://db/ledger' })).toMatchObject({
      max: 6,
      min: 2,
      connectionString: 'postgres://db/ledger',
    });
    expect(processPoolConfig({ DB_POOL_MIN: '' })).toMatchObject({ max: 10, min: 10 });
  });

  it('refuses a size that is not a whole number, or a minimum above the maximum, by name', () => {
    expect(() => processPoolConfig({ DB_POOL_MAX: '0' })).toThrow('DB_POOL_MAX must be a whole number of at least 1, not "0"');
    expect(() => processPoolConfig({ DB_POOL_MAX: 'ten' })).toThrow('DB_POOL_MAX must be a whole number of at least 1, not "ten"');
    expect(() => processPoolConfig({ DB_POOL_MIN: '-1' })).toThrow('DB_POOL_MIN must be a whole number of at least 0, not "-1"');
    expect(() => processPoolConfig({ DB_POOL_MIN: '2.5' })).toThrow('DB_POOL_MIN must be a whole number of at least 0, not "2.5"');
    expect(() => processPoolConfig({ DB_POOL_MAX: '4', DB_POOL_MIN: '5' })).toThrow(
      'DB_POOL_MIN (5) must not be more than DB_POOL_MAX (4)',
    );
  });

  it('closes the connections above DB_POOL_MIN after a quiet spell and keeps the rest open', async () => {
    const server = await fakeServer({ shuttingDown: false });
    const config = processPoolConfig({ DB_POOL_MAX: '3', DB_POOL_MIN: '2' });
    // The quiet spell shortened from 30 s; the sizes are the environment's.
    const pool = createPool({
      ...config,
      connectionString: `postgres://ledger:secret@127.0.0.1:${server.port}/ledger`,
      idleTimeoutMillis: 50,
    });
    try {
      const burst = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      for (const client of burst) client.release();
      expect(pool.totalCount).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.totalCount).toBe(2);
      expect(pool.idleCount).toBe(2);
    } finally {
      await pool.end();
      await server.close();
    }
  });
});
