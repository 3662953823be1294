import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { addDaysIso, todayIn } from '../support/dates';
import { calculatedQuote, examplePayload, issuePolicy } from '../support/lifecycle';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies */

// The spec's smaller points (issue 20): calculate takes a create-shaped payload (4.4), a decline
// date between the quote's creation and today, one key vocabulary for 409s and links.

const BASE = '/api/v1/ledger/sales/policies';
const POLICIES = '/api/v1/ledger/policies';
let broker: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
});

describe('calculate (4.4) with a payload like the create payload', () => {
  it('applies the changed data of a whole create payload and rates it', async () => {
    const id = await calculatedQuote(broker, 'home');
    const payload = await examplePayload(broker, 'home');
    payload.objects[0].sumInsured = 80_000;
    const calculated = await call(`${BASE}/${id}/calculate`, { token: broker, body: payload });
    expect(calculated.status, calculated.text).toBe(200);
    expect(calculated.body.meta.status).toBe('calculated');
    const read = await call(`${BASE}/${id}`, { token: broker });
    expect(read.body[0].data.objects[0].sumInsured).toBe(80_000);
    expect(read.body[0].data.objects).toHaveLength(payload.objects.length);
  });

  it('a create payload of another product is 422 at /product and changes nothing', async () => {
    const id = await calculatedQuote(broker, 'home');
    const before = await call(`${BASE}/${id}`, { token: broker });
    const payload = await examplePayload(broker, 'home');
    const result = await call(`${BASE}/${id}/calculate`, { token: broker, body: { ...payload, product: 'pet' } });
    expect(result.status, result.text).toBe(422);
    expect(result.body.errors).toEqual([{ path: '/product', message: expect.stringContaining('home') }]);
    const after = await call(`${BASE}/${id}`, { token: broker });
    expect(after.body).toEqual(before.body);
  });
});

describe('decline (4.10): declinedAt between the quote’s creation and today', () => {
  const decline = (id: string, declinedAt: string) =>
    call(`${BASE}/${id}/decline`, { token: broker, body: [{ reason: 'other' }, { declinedAt }] });

  for (const [label, date] of [
    ['long before the quote existed', '1990-01-01'],
    ['the day before the quote was created', addDaysIso(todayIn(), -1)],
    ['tomorrow', addDaysIso(todayIn(), 1)],
    ['years ahead', '2030-01-01'],
  ] as const) {
    it(`${label} (${date}) is 422 at /1/declinedAt and the quote stays calculated`, async () => {
      const id = await calculatedQuote(broker, 'travel');
      const result = await decline(id, date);
      expect(result.status, result.text).toBe(422);
      expect(result.body.errors).toEqual([{ path: '/1/declinedAt', message: expect.stringContaining(todayIn()) }]);
      const read = await call(`${BASE}/${id}`, { token: broker });
      expect(read.body[1].meta.status).toBe('calculated');
    });
  }

  it('today (the tenant’s local date) is accepted', async () => {
    const id = await calculatedQuote(broker, 'travel');
    expect((await decline(id, todayIn())).status).toBe(204);
  });
});

describe('one key vocabulary for a 409’s allowedActions and the links', () => {
  it('a quote: the allowed actions are keys of the actions call’s links', async () => {
    const id = await calculatedQuote(broker, 'home');
    const refused = await call(`${BASE}/${id}/issue`, { token: broker, body: {} });
    expect(refused.status).toBe(409);
    expect([...refused.body.allowedActions].sort()).toEqual([
      'quote:bind',
      'quote:calculate',
      'quote:copy',
      'quote:decline',
      'quote:download',
      'quote:refer',
      'quote:update',
    ]);
    const actions = await call(`${BASE}/actions/${id}`, { token: broker });
    expect(Object.keys(actions.body.links)).toEqual(expect.arrayContaining(refused.body.allowedActions));
  });

  it('a policy: the allowed actions are the keys of its links', async () => {
    const { id } = await issuePolicy(broker, 'home');
    // Nothing is pending, so there is nothing to withdraw.
    const refused = await call(`${POLICIES}/${id}/terminate/withdraw`, { token: broker, body: {} });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.currentState).toBe('active');
    expect([...refused.body.allowedActions].sort()).toEqual(['policy:data-change', 'policy:mta', 'policy:renew', 'policy:terminate']);
    const read = await call(`${POLICIES}/${id}/links`, { token: broker });
    // Renewal also waits for its window; every other allowed key is a link now.
    expect(Object.keys(read.body.links).sort()).toEqual(['policy:data-change', 'policy:mta', 'policy:terminate']);
  });
});

describe('one instalment numbering in the schedule (4.9) and the invoice view (4.15)', () => {
  it('after an MTA adds an adjustment invoice, both number the policy’s instalments 1…n in due-date order', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const inception = read.body.data.policy.dateInception as string;
    const mta = await call(`${POLICIES}/${id}/mta`, {
      token: broker,
      body: { effectiveDate: addDaysIso(inception, 95), objects: [{ sumInsured: 80_000 }] },
    });
    expect(mta.status, mta.text).toBe(200);

    const schedule = await call(`${BASE}/${id}/installments-schedule`, { token: broker });
    expect(schedule.status).toBe(200);
    const view = await call(`/api/v1/ledger/customers/policies/${id}/custom-view/installments`, { token: broker });
    expect(view.status).toBe(200);
    const fromSchedule = schedule.body.instalments.map((entry: any) => [entry.sequence, entry.dueDate, entry.amount, entry.status]);
    const fromView = view.body.data.instalments.map((entry: any) => [entry.sequence, entry.dueDate, entry.payable, entry.status]);
    // Twelve monthly instalments of the issue invoice plus the adjustment invoice's own.
    expect(fromSchedule.length).toBeGreaterThan(12);
    expect(fromView).toEqual(fromSchedule);
    expect(fromSchedule.map((entry: any[]) => entry[0])).toEqual(fromSchedule.map((_: unknown, index: number) => index + 1));
    const dues = fromSchedule.map((entry: any[]) => entry[1] as string);
    expect(dues).toEqual([...dues].sort());
    // Numbered across invoices: the view lists two invoices, yet no number repeats.
    expect(new Set(view.body.data.instalments.map((entry: any) => entry.invoiceNumber)).size).toBe(2);
  });
});

describe('termination reasons from the product’s list, with a free-text note', () => {
  const HOME_REASONS = ['customer-request', 'replaced-cover', 'non-payment', 'issued-in-error', 'other', 'property-sold', 'moved-abroad'];

  it('GET /products lists each product’s codes, labelled in the request’s language', async () => {
    const en = await call('/api/v1/ledger/products', { token: broker });
    const home = en.body.data.find((product: any) => product.code === 'home');
    expect(home.terminationReasons.map((reason: any) => reason.code)).toEqual(HOME_REASONS);
    const pet = en.body.data.find((product: any) => product.code === 'pet');
    expect(pet.terminationReasons).toContainEqual({ code: 'pet-rehomed', label: 'The pet was rehomed' });
    const de = await call('/api/v1/ledger/products', { token: broker, headers: { 'accept-language': 'de' } });
    const homeDe = de.body.data.find((product: any) => product.code === 'home');
    expect(homeDe.terminationReasons).toContainEqual({ code: 'moved-abroad', label: 'Umzug ins Ausland' });
  });

  it('free text, or another product’s code, is 422 at /reason naming the allowed codes; a code with a note is taken', async () => {
    const { id } = await issuePolicy(broker, 'home');
    const read = await call(`${POLICIES}/${id}/links?forceCoverageDateFormat=true`, { token: broker });
    const effectiveDate = addDaysIso(read.body.data.policy.dateInception, 60);
    for (const reason of ['Moved abroad', 'pet-rehomed']) {
      const refused = await call(`${POLICIES}/${id}/terminate`, {
        token: broker,
        body: { effectiveDate, reason, terminationType: 'pro-rata' },
      });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.errors).toEqual([{ path: '/reason', message: `must be one of: ${HOME_REASONS.join(', ')}` }]);
    }
    const after = await call(`${POLICIES}/${id}/links`, { token: broker });
    expect(after.body.meta.status).toBe('active');
    const applied = await call(`${POLICIES}/${id}/terminate`, {
      token: broker,
      body: { effectiveDate, reason: 'moved-abroad', note: 'Relocating to Lisbon', terminationType: 'pro-rata' },
    });
    expect(applied.status, applied.text).toBe(200);
    const pending = await call(`${POLICIES}/${id}/links`, { token: broker });
    expect(pending.body.meta.pendingTermination).toEqual({
      effectiveDate,
      reason: 'moved-abroad',
      note: 'Relocating to Lisbon',
      terminationType: 'pro-rata',
    });
  });
});

describe('validation messages in the request’s language (Accept-Language: de)', () => {
  it('create and update answer German detail and field messages; English stays the default', async () => {
    const payload = await examplePayload(broker, 'home');
    payload.policy.dateInception = 'bald';
    delete payload.customer.lastName;
    const german = await call(`${BASE}/create`, { token: broker, body: payload, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(german.status, german.text).toBe(422);
    expect(german.body.detail).toBe('Die Daten für home entsprechen nicht dem Produktschema');
    expect(german.body.errors).toEqual(
      expect.arrayContaining([
        { path: '/policy/dateInception', message: 'Versicherungsbeginn muss ein Kalenderdatum sein (JJJJ-MM-TT)' },
        { path: '/customer/lastName', message: 'Nachname ist erforderlich' },
      ]),
    );
    const english = await call(`${BASE}/create`, { token: broker, body: payload });
    expect(english.status).toBe(422);
    expect(english.body.detail).toBe('The home data does not match the product schema');
    expect(english.body.errors).toContainEqual({ path: '/customer/lastName', message: 'Last name is required' });

    const id = await calculatedQuote(broker, 'home');
    const update = await call(`${BASE}/${id}/`, {
      method: 'PUT',
      token: broker,
      body: { policy: { dateExpiry: '2020-01-01' } },
      headers: { 'accept-language': 'de' },
    });
    expect(update.status, update.text).toBe(422);
    expect(update.body.errors).toEqual([
      { path: '/policy/dateExpiry', message: 'Das Ablaufdatum muss nach dem Versicherungsbeginn liegen' },
    ]);
  });
});
