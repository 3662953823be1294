// Realistic document models for tests, previews and the benchmark. The money follows DOMAIN §2–§5
// (parts rounded half-up to the cent, totals derived from the parts, instalments split down with
// the remainder and the fee on the first), computed in whole cents so every view adds up.

import type {
  DocumentLanguage,
  DocumentModel,
  DocumentType,
  InstalmentLine,
  InvoiceLine,
  IsoDate,
  PaymentPlan,
  PremiumBreakdown,
} from './model';
import { SAMPLE_PRODUCTS, type SampleProduct, type SampleProductCode } from './sample-products';

const INCEPTION = '2026-03-01';
const EXPIRY = '2027-03-01';
const QUOTED_ON = '2026-02-20';
const ISSUED_ON = '2026-02-27';
const CHANGE_FROM = '2026-09-01';
const DAYS_IN_TERM = 365;
const DAYS_REMAINING = 181; // 2026-09-01 to 2027-03-01
const ADMIN_FEE_CENTS = 2_500;
const MONTHLY_SURCHARGE = 0.03;
const BROKER_RATE = 0.15;
const MGA_RATE = 0.1;
const COUNTS: Record<PaymentPlan, number> = { annual: 1, quarterly: 4, monthly: 12 };

const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100;

function addMonths(date: IsoDate, months: number): IsoDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

function price(product: SampleProduct, netCents: number): { premium: PremiumBreakdown; instalments: InstalmentLine[] } {
  const taxCents = Math.round(netCents * product.taxRate);
  const surchargeCents = product.plan === 'monthly' ? Math.round(netCents * MONTHLY_SURCHARGE) : 0;
  const payableCents = netCents + taxCents + ADMIN_FEE_CENTS + surchargeCents;
  const count = COUNTS[product.plan];
  const spread = payableCents - ADMIN_FEE_CENTS;
  const each = Math.floor(spread / count);
  const instalments = Array.from({ length: count }, (_, index) => ({
    sequence: index + 1,
    dueDate: addMonths(INCEPTION, (12 / count) * index),
    amount: fromCents(index === 0 ? each + (spread - each * count) + ADMIN_FEE_CENTS : each),
  }));
  const premium: PremiumBreakdown = {
    net: fromCents(netCents),
    tax: fromCents(taxCents),
    taxRate: product.taxRate,
    adminFee: fromCents(ADMIN_FEE_CENTS),
    brokerCommission: fromCents(Math.round(netCents * BROKER_RATE)),
    mgaCommission: fromCents(Math.round(netCents * MGA_RATE)),
    payable: fromCents(payableCents),
    paymentPlan: product.plan,
  };
  if (surchargeCents > 0) premium.instalmentSurcharge = fromCents(surchargeCents);
  return { premium, instalments };
}

type PricedModel = DocumentModel & { premium: PremiumBreakdown };

function baseModel(type: DocumentType, language: DocumentLanguage, product: SampleProduct): PricedModel {
  const { premium, instalments } = price(product, toCents(product.annualNet(false)));
  const de = language === 'de';
  return {
    type,
    language,
    generatedAt: '2026-02-27T09:30:00Z',
    currency: product.currency,
    tenant: {
      name: 'Northwind Underwriting',
      brandColor: '#0b5394',
      addressLines: ['1 Harbour Street', 'London EC3A 7AA'],
      contact: 'service@northwind.example · +44 20 7946 0000',
    },
    product: { code: product.code, title: product.title[language] },
    reference: { quoteNumber: 'Q-2026-000317', policyNumber: 'POL-2026-000042', version: 1 },
    status: 'active',
    dates: { inception: INCEPTION, expiry: EXPIRY, issuedAt: ISSUED_ON },
    customer: de
      ? { name: 'Anna Schmidt', email: 'anna.schmidt@example.de', addressLines: ['Lindenstraße 14', '10969 Berlin', 'Deutschland'] }
      : {
          name: 'Eleanor Whitfield',
          email: 'eleanor.whitfield@example.co.uk',
          addressLines: ['12 Elm Road', 'Bristol BS6 5AB', 'United Kingdom'],
        },
    agent: { name: 'Harbour Brokers Ltd', code: 'HB-1042' },
    objects: product.objects(language, false),
    cover: product.cover(language),
    premium,
    instalments,
  };
}

function adjust(model: DocumentModel, product: SampleProduct, language: DocumentLanguage): DocumentModel {
  const beforeCents = toCents(product.annualNet(false));
  const afterCents = toCents(product.annualNet(true));
  const netDelta = Math.round(((afterCents - beforeCents) * DAYS_REMAINING) / DAYS_IN_TERM);
  const taxDelta = Math.round(netDelta * product.taxRate);
  return {
    ...model,
    reference: { ...model.reference, version: 2 },
    dates: { ...model.dates, issuedAt: '2026-08-20', effectiveDate: CHANGE_FROM },
    generatedAt: '2026-08-20T14:05:00Z',
    objects: product.objects(language, true),
    instalments: undefined,
    adjustment: {
      effectiveDate: CHANGE_FROM,
      changes: product.changes(language),
      annualNetBefore: fromCents(beforeCents),
      annualNetAfter: fromCents(afterCents),
      netDelta: fromCents(netDelta),
      taxDelta: fromCents(taxDelta),
      total: fromCents(netDelta + taxDelta),
      daysRemaining: DAYS_REMAINING,
      daysInTerm: DAYS_IN_TERM,
    },
  };
}

function terminate(model: DocumentModel, product: SampleProduct): DocumentModel {
  const netCents = toCents(product.annualNet(false));
  const returnNet = Math.round((netCents * DAYS_REMAINING) / DAYS_IN_TERM);
  const returnTax = Math.round(returnNet * product.taxRate);
  return {
    ...model,
    status: 'terminated',
    dates: { ...model.dates, issuedAt: '2026-08-25', effectiveDate: CHANGE_FROM },
    generatedAt: '2026-08-25T11:00:00Z',
    termination: {
      effectiveDate: CHANGE_FROM,
      reason: 'customer-request',
      type: 'pro-rata',
      daysRemaining: DAYS_REMAINING,
      daysInTerm: DAYS_IN_TERM,
      returnNet: fromCents(returnNet),
      returnTax: fromCents(returnTax),
      feeKept: fromCents(ADMIN_FEE_CENTS),
      total: fromCents(returnNet + returnTax),
      creditNoteNumber: 'CN-2026-000007',
    },
  };
}

/** English samples default to the home product (GBP), German ones to travel (EUR). */
export function sampleDocumentModel(
  type: DocumentType,
  language: DocumentLanguage,
  productCode: SampleProductCode = language === 'de' ? 'travel' : 'home',
): DocumentModel {
  const product = SAMPLE_PRODUCTS[productCode];
  const model = baseModel(type, language, product);
  switch (type) {
    case 'quote-offer':
      return {
        ...model,
        status: 'quote',
        reference: { quoteNumber: model.reference.quoteNumber },
        dates: { ...model.dates, issuedAt: QUOTED_ON, validUntil: addMonths(QUOTED_ON, 1) },
        generatedAt: `${QUOTED_ON}T16:45:00Z`,
      };
    case 'invoice': {
      const { premium } = model;
      const lines: InvoiceLine[] = [
        { kind: 'net-premium', amount: premium.net },
        { kind: 'tax', amount: premium.tax },
        { kind: 'admin-fee', amount: premium.adminFee },
      ];
      if (premium.instalmentSurcharge) lines.push({ kind: 'instalment-surcharge', amount: premium.instalmentSurcharge });
      return { ...model, invoice: { number: 'INV-2026-000123', issuedAt: ISSUED_ON, lines, total: premium.payable } };
    }
    case 'endorsement':
      return adjust(model, product, language);
    case 'termination-notice':
      return terminate(model, product);
    default:
      return model;
  }
}
