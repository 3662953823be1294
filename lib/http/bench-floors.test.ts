import { describe, expect, it } from 'vitest';
import { readRoundTrip, writeRoundTrip } from './bench-floors';

// The floors answer bad input as every route does, before any round trip to the database.
describe('the bench floors', () => {
  it('answer an id that is not a UUID with a 404 problem', async () => {
    const answer = await readRoundTrip(new Request('http://ledger.test/api/bench/round-trip/1'), '1');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await answer.json()).toMatchObject({ status: 404, instance: '/api/bench/round-trip/1' });
  });

  it('answer a body that is not JSON with a 400 problem', async () => {
    const request = new Request('http://ledger.test/api/bench/round-trip', { method: 'POST', body: '{"product":' });
    const answer = await writeRoundTrip(request);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ status: 400, detail: 'The request body is not valid JSON' });
  });
});
