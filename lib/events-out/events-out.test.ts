import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { isForbiddenAddress, parseAllowedNetworks, safeLookup } from './address-safety';
import { backoffMs } from './config';
import { signatureHeader } from './send';
import { newSecret } from './subscriptions';
import { PUBLIC_EVENT_TYPES, publicTypesOf } from './types';

const none = parseAllowedNetworks([]);

describe('outbound address safety', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address, none)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isForbiddenAddress(address, none)).toBe(false);
  });

  it('the operator may allow a range, and only that range', () => {
    const loopback = parseAllowedNetworks(['127.0.0.0/8', '::1/128']);
    expect(isForbiddenAddress('127.0.0.1', loopback)).toBe(false);
    expect(isForbiddenAddress('::1', loopback)).toBe(false);
    expect(isForbiddenAddress('10.0.0.1', loopback)).toBe(true);
    expect(() => parseAllowedNetworks(['localhost'])).toThrow(/not an address/);
    expect(() => parseAllowedNetworks(['10.0.0.0/33'])).toThrow(/prefix/);
  });

  it('the socket lookup refuses a name that resolves to loopback', async () => {
    const lookup = safeLookup(none);
    const error = await new Promise<unknown>((resolve) => lookup('localhost', { all: true }, (failure) => resolve(failure)));
    expect(String(error)).toMatch(/private, loopback or link-local/);
    const allowed = safeLookup(parseAllowedNetworks(['127.0.0.0/8', '::1/128']));
    const address = await new Promise<unknown>((resolve) => allowed('localhost', {}, (_failure, found) => resolve(found)));
    expect(['127.0.0.1', '::1']).toContain(address);
  });
});

describe('retry back-off', () => {
  const settings = { backoffBaseMs: 10_000, backoffMaxMs: 6 * 3_600_000 };

  it('doubles from the base, within ±20 % jitter, up to the cap', () => {
    expect(backoffMs(1, settings, () => 0.5)).toBe(10_000);
    expect(backoffMs(2, settings, () => 0.5)).toBe(20_000);
    expect(backoffMs(4, settings, () => 0.5)).toBe(80_000);
    expect(backoffMs(4, settings, () => 0)).toBe(64_000);
    expect(backoffMs(4, settings, () => 1)).toBe(96_000);
    expect(backoffMs(30, settings, () => 0.5)).toBe(6 * 3_600_000);
  });

  it('keeps retrying for more than a day before the window (24 h) ends it', () => {
    // Slowest schedule (jitter 0.8): the attempts still reach past 24 h within a bounded count.
    let elapsed = 0;
    let failures = 0;
    while (elapsed < 24 * 3_600_000) elapsed += backoffMs(++failures, settings, () => 0);
    expect(failures).toBeLessThan(25);
  });
});

describe('event types', () => {
  it('every public type has an internal source', () => {
    const sources = [
      'quote.created',
      'quote.prepared',
      'quote.calculated',
      'quote.referred',
      'referral.approved',
      'referral.rejected',
      'quote.declined',
      'quote.bound',
      'policy.issued',
      'policy.issue-failed',
      'policy.mta',
      'policy.data-changed',
      'policy.terminated',
      'policy.renewal-quoted',
      'policy.expired',
      'document.stored',
      'payment.received',
      'payment.reversed',
      'refund.paid',
      'instalment.overdue',
    ];
    const covered = new Set(sources.flatMap((type) => publicTypesOf({ type, after: { status: 'calculated' } })));
    expect([...covered].sort()).toEqual([...PUBLIC_EVENT_TYPES].sort());
  });

  it('internal-only events are not published; a preparation that referred the quote is no calculation', () => {
    for (const type of ['quote.updated', 'quote.ready', 'quote.issuing', 'policy.renewed']) expect(publicTypesOf({ type })).toEqual([]);
    expect(publicTypesOf({ type: 'quote.prepared', after: { status: 'in-manual-referral' } })).toEqual([]);
  });
});

describe('signatures', () => {
  it('verify with the standardwebhooks verifier, with either secret during a rotation', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = JSON.stringify({ id: 'e1', type: 'quote.created' });
    const timestamp = new Date();
    const headers = {
      'webhook-id': 'e1',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signatureHeader([current, previous], 'e1', timestamp, body),
    };
    expect(new Webhook(current).verify(body, headers)).toEqual({ id: 'e1', type: 'quote.created' });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ id: 'e1', type: 'quote.created' });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });
});
