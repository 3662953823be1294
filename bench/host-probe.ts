// `node --import tsx bench/host-probe.ts`, and the head of every `npm run bench`: what this host
// charges for waking another process. A byte sent over loopback TCP to another process and back
// (each way the other side sleeps and is woken, as with every round trip to PostgreSQL and every
// job's notice), against the same exchange inside one process (the same system calls and
// event-loop turns, nobody put to sleep). A creation crosses processes many times over; a read
// once. On 2026-11-28 a host whose single process ran as fast as the earlier hosts' (the rating,
// the empty route) served creations at 29 % of the empty route where those had served 45 %, and
// this exchange took 67–81 µs against 26–30 within a process: this line says which kind of host a
// run had. Prints figures for the report; asserts nothing.
import { spawn } from 'node:child_process';
import net from 'node:net';
import type { Readable, Writable } from 'node:stream';

const ROUND_TRIPS = 4_000;

export interface HostProbe {
  /** µs for a byte to another process and back. */
  betweenProcessesUs: number;
  /** µs for the same exchange with an echo server inside this process. */
  withinProcessUs: number;
}

/** Sends one byte at a time through `out` and waits for it on `back`, `count` times: µs a round trip. */
async function pingPong(out: Writable, back: Readable, count: number): Promise<number> {
  const byte = Buffer.from([1]);
  let left = count;
  let started = 0;
  return new Promise((resolve, reject) => {
    back.on('error', reject);
    back.on('data', (chunk: Buffer) => {
      left -= chunk.length;
      if (left === count - 200) started = performance.now(); // the first 200 warm up
      if (left <= 0) resolve(((performance.now() - started) * 1000) / (count - 200));
      else out.write(byte);
    });
    out.write(byte);
  });
}

const ECHO_SERVER = `const server = require('node:net').createServer((socket) => { socket.setNoDelay(true); socket.pipe(socket); });
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));`;

/** µs a round trip to an echo server over loopback TCP, as the app reaches PostgreSQL. */
async function overLoopback(port: number): Promise<number> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  try {
    return await pingPong(socket, socket, ROUND_TRIPS);
  } finally {
    socket.destroy();
  }
}

async function betweenProcesses(): Promise<number> {
  const echo = spawn(process.execPath, ['-e', ECHO_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      echo.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      echo.once('error', reject);
    });
    return await overLoopback(port);
  } finally {
    echo.kill();
  }
}

async function withinProcess(): Promise<number> {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await overLoopback((server.address() as net.AddressInfo).port);
  } finally {
    server.close();
  }
}

export async function probeHost(): Promise<HostProbe> {
  return { betweenProcessesUs: await betweenProcesses(), withinProcessUs: await withinProcess() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (let i = 0; i < 3; i++) console.log(await probeHost());
}
