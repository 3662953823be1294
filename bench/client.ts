/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies of the API */
// A small HTTP client for the benchmark: the demo tenant's broker token and the API's headers.
// Requests go through node:http on kept-alive sockets rather than fetch: the bench's clients share
// the machine's two cores with the stack they measure, and fetch cost them twice the CPU a request
// (docs/benchmark-log.md, "The bench's own client"). Like fetch, they ask for gzip, as most integrations' clients do.
import http from 'node:http';
import zlib from 'node:zlib';

export interface Client {
  baseUrl: string;
  headers: Record<string, string>;
  get(path: string): Promise<{ status: number; body: any }>;
  post(path: string, body: unknown): Promise<{ status: number; body: any }>;
}

export const TENANT = 'acme';
export const CLIENT_ID = 'acme-broker';

/** A demo broker integration's client: `acme-broker` unless another demo tenant is named. */
export async function brokerClient(baseUrl: string, tenant = TENANT): Promise<Client> {
  const clientId = tenant === TENANT ? CLIENT_ID : `${tenant}-broker`;
  const response = await fetch(`${baseUrl}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: `${clientId}-secret` }),
  });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenant, 'content-type': 'application/json; charset=UTF-8' };
  const agent = new http.Agent({ keepAlive: true });
  const requestHeaders = { ...headers, 'accept-encoding': 'gzip' };
  const send = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const request = http.request(`${baseUrl}${path}`, { method, headers: requestHeaders, agent }, (response) => {
        const answer = response.headers['content-encoding'] === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
        answer.setEncoding('utf8');
        let text = '';
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
        answer.on('error', reject);
      });
      request.on('error', reject);
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return { baseUrl, headers, get: (path) => send('GET', path), post: (path, body) => send('POST', path, body) };
}

export const API = '/api/v1/ledger';

export async function homeExample(client: Client): Promise<Record<string, unknown>> {
  const products = await client.get(`${API}/products`);
  if (products.status !== 200) throw new Error(`products: ${products.status}`);
  const home = (products.body.data as { code: string; example: Record<string, unknown> }[]).find((entry) => entry.code === 'home');
  if (!home) throw new Error('no home product');
  return home.example;
}

export async function expectOk(what: string, answer: Promise<{ status: number; body: any }>): Promise<any> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** `count` quotes of the payload, each created and calculated (eight at a time); answers their ids. */
export async function calculatedQuotes(client: Client, payload: Record<string, unknown>, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < count) {
        const created = await expectOk('create', client.post(`${API}/sales/policies/create`, payload));
        const id = created.policy.id as string;
        await expectOk('calculate', client.post(`${API}/sales/policies/${id}/calculate`, {}));
        ids.push(id);
      }
    }),
  );
  return ids;
}
