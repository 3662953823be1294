import { createServer, type Server } from 'node:http';
import { errorFields, log } from '@/lib/log';
import { scrape } from './scrape';

/**
 * The worker's own scrape endpoint (a worker serves no HTTP otherwise): GET /metrics on `port`,
 * loopback unless `host` says otherwise, same bearer token as the app's /api/metrics.
 */
export function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    scrape(request.headers.authorization ?? null).then(
      (answer) => response.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' }).end(answer.body),
      (error: unknown) => {
        log.error('metrics scrape failed', errorFields(error));
        response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
