import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool } from './pool';

// A connection the server ends in the same read as it finished starting up (PostgreSQL shutting
// down just as a connection is made): the pool hands it out, and its 'error' event comes before
// the taker could listen. The process must live on, the connection be unusable and discarded.

/** A server that answers a connection's startup with "ready" and at once "terminating connection". */
function shuttingDownServer(): Promise<{ port: number; close: () => Promise<void> }> {
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
    socket.once('data', () => socket.end(Buffer.concat([authenticationOk, readyForQuery, terminating])));
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

describe("the pool's connections", () => {
  it('outlive an error that arrives before their taker listens: the process goes on, the connection is discarded', async () => {
    const server = await shuttingDownServer();
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
