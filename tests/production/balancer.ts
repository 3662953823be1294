import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from 'node:http';

// What the README tells operators to put in front of several app processes, in miniature: a
// round-robin load balancer that routes only to processes whose readiness (/api/ready) is 200,
// checks them every HEALTH_EVERY_MS, and sends a request to the next process when the chosen
// one refuses the connection (nothing was sent, so even a POST is safe to resend). nginx does
// the same with `proxy_next_upstream error` and an active health check; HAProxy with
// `option httpchk GET /api/ready` and `retry-on conn-failure`.

const HEALTH_EVERY_MS = 250;
const HEALTH_TIMEOUT_MS = 2_000;

export interface Balancer {
  url: string;
  /** Requests resent to another process after a refused connection. */
  retried(): number;
  close(): Promise<void>;
}

interface Upstream {
  url: URL;
  healthy: boolean;
}

export function startBalancer(upstreamUrls: string[], port: number): Promise<Balancer> {
  const upstreams: Upstream[] = upstreamUrls.map((url) => ({ url: new URL(url), healthy: true }));
  let next = 0;
  let retries = 0;

  // A fresh connection per check, as HAProxy's checks do: a kept-alive one would hold a stopping process open.
  const check = (upstream: Upstream) =>
    new Promise<void>((resolve) => {
      const probe = httpRequest(
        { host: upstream.url.hostname, port: upstream.url.port, path: '/api/ready', agent: false, timeout: HEALTH_TIMEOUT_MS },
        (answer) => {
          answer.resume();
          upstream.healthy = answer.statusCode === 200;
          answer.on('end', resolve);
        },
      );
      probe.on('timeout', () => probe.destroy(new Error('health check timed out')));
      probe.on('error', () => {
        upstream.healthy = false; // refused or timed out: out of the rotation until it answers again
        resolve();
      });
      probe.end();
    });
  let checking = false;
  const health = setInterval(() => {
    if (checking) return;
    checking = true;
    void Promise.all(upstreams.map(check)).finally(() => (checking = false));
  }, HEALTH_EVERY_MS);

  const pick = (tried: Set<Upstream>): Upstream | undefined => {
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[(next + i) % upstreams.length]!;
      if (candidate.healthy && !tried.has(candidate)) {
        next = (next + i + 1) % upstreams.length;
        return candidate;
      }
    }
    // None healthy: try any not tried yet rather than fail at once.
    return upstreams.find((candidate) => !tried.has(candidate));
  };

  const forward = (incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, tried: Set<Upstream>) => {
    const upstream = pick(tried);
    if (!upstream) {
      outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('no app process accepted the connection\n');
      return;
    }
    tried.add(upstream);
    const proxied = httpRequest(
      {
        host: upstream.url.hostname,
        port: upstream.url.port,
        method: incoming.method,
        path: incoming.url,
        // A fresh connection per request: no idle keep-alive socket that a stopping process closes under us.
        agent: false,
        headers: { ...incoming.headers, connection: 'close', 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') {
        upstream.healthy = false;
        retries++;
        forward(incoming, body, outgoing, tried);
        return;
      }
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`upstream error: ${error.code ?? error.message}\n`);
    });
    proxied.end(body);
  };

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), outgoing, new Set()));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        retried: () => retries,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(health);
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
