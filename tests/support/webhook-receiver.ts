import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/* eslint-disable @typescript-eslint/no-explicit-any -- event payloads are JSON */

// A real HTTP receiver on loopback for webhook tests: it records every request and answers as
// told (a status, or never: a hanging endpoint).

export interface Received {
  webhookId: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
  at: number;
}

export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides the answer to the n-th request (0-based); default 200. */
  answer: (index: number, request: Received) => Answer;
  /** Every request's signature checked with the standardwebhooks verifier; returns the payloads. */
  verifiedWith(secret: string): any[];
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** `delayMs`: each answer waits this long first (a slow endpoint, so that crashes land mid-delivery). */
export async function startReceiver(answer: Receiver['answer'] = () => 200, options: { delayMs?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received,
    answer,
    verifiedWith(secret) {
      const webhook = new Webhook(secret);
      return received.map((entry) => webhook.verify(entry.raw, entry.headers as Record<string, string>));
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const entry: Received = {
        webhookId: String(request.headers['webhook-id']),
        path: request.url ?? '',
        headers: request.headers,
        raw,
        body,
        at: Date.now(),
      };
      const index = received.length;
      received.push(entry);
      const status = receiver.answer(index, entry);
      if (status === 'hang') {
        hanging.add(response);
        return;
      }
      // A redirect points back here, to a path that shows whether it was followed.
      const location = status >= 300 && status < 400 ? { location: `${receiver.url}/followed` } : {};
      const reply = () => {
        response.writeHead(status, { 'content-type': 'text/plain', ...location });
        response.end(status >= 300 ? `answer ${status}` : 'ok');
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
