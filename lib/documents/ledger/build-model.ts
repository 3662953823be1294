// Turns a ledger snapshot into the model a template renders. Pure: the same snapshot gives the
// same model, and every date in it comes from the records (not the clock), so rendering the same
// state twice gives the same bytes. Every amount is one the ledger calculated or booked.

import { getProduct } from '@/lib/products/registry';
import { toAmount } from '@/lib/money';
import type { CalculationResult } from '@/lib/rating/types';
import type {
  AdjustmentSection,
  DocumentLanguage,
  DocumentModel,
  DocumentType,
  InstalmentLine,
  InvoiceLine,
  InvoiceSection,
  PremiumBreakdown,
  TerminationSection,
  TerminationType,
} from '../model';
import { OFFER_VALIDITY_DAYS } from '../model';
import { coverRows, Describer, fieldChanges, insuredObjects, type ProductData } from './describe';
import type { ChargedAmounts, InvoiceRecord, LedgerSnapshot } from './load';

const GERMAN_SPEAKING = new Set(['DE', 'AT', 'CH', 'LI']);
const GERMAN_TITLES: Record<string, string> = { home: 'Hausratversicherung', travel: 'Reiseversicherung', pet: 'Tierkrankenversicherung' };
const TERMINATION_TYPES: readonly TerminationType[] = ['pro-rata', 'short-rate', 'flat', 'cooling-off'];
const DAY_MS = 86_400_000;

type Json = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isoDate = (value: Date) => value.toISOString().slice(0, 10);
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function addDays(date: string, count: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Customers in German-speaking countries get German documents; everyone else English. */
export function documentLanguage(data: ProductData): DocumentLanguage {
  const address = (data.customer.address ?? {}) as Json;
  return GERMAN_SPEAKING.has(text(address.country).toUpperCase()) ? 'de' : 'en';
}

export function customerName(customer: Json): string {
  return [customer.firstName, customer.lastName, customer.companyName].map(text).filter(Boolean).join(' ');
}

function customerAddress(customer: Json): string[] {
  const address = (customer.address ?? {}) as Json;
  const country = text(address.country).toUpperCase();
  const place = GERMAN_SPEAKING.has(country) ? [address.postcode, address.city] : [address.city, address.postcode];
  return [text(address.line1), text(address.line2), place.map(text).filter(Boolean).join(' '), country].filter(Boolean);
}

function premiumOf(calculation: CalculationResult): PremiumBreakdown {
  const data = calculation.data;
  const premium: PremiumBreakdown = {
    net: data.net,
    tax: data.tax,
    taxRate: data.taxRate,
    adminFee: data.adminFee,
    brokerCommission: data.brokerCommission,
    mgaCommission: data.mgaCommission,
    payable: data.payable,
    paymentPlan: data.paymentPlan,
  };
  if (data.instalmentSurcharge > 0) premium.instalmentSurcharge = data.instalmentSurcharge;
  return premium;
}

/**
 * A policy's premium as charged for the term through the document's version (the journal, the
 * same figure as `meta.periodPremium`), not the latest version rated for a whole year: after an
 * MTA or a termination the two differ. Rates and the plan come from the rating.
 */
function chargedPremiumOf(calculation: CalculationResult, charged: ChargedAmounts): PremiumBreakdown {
  const fees = charged.fees;
  // The fees account holds the administrative fee and the monthly surcharge, both charged at issue.
  const adminFee = Math.min(calculation.data.adminFee, Math.max(0, toAmount(fees)));
  const surcharge = toAmount(fees) - adminFee;
  const premium: PremiumBreakdown = {
    net: toAmount(charged.net),
    tax: toAmount(charged.tax),
    taxRate: calculation.data.taxRate,
    adminFee,
    brokerCommission: toAmount(charged.brokerCommission),
    mgaCommission: toAmount(charged.mgaCommission),
    payable: toAmount(charged.payable),
    paymentPlan: calculation.data.paymentPlan,
  };
  if (surcharge > 0) premium.instalmentSurcharge = toAmount(fees.minus(adminFee));
  return premium;
}

function instalmentsOf(calculation: CalculationResult): InstalmentLine[] {
  return calculation.installments.map((line) => ({ sequence: line.sequence, dueDate: line.dueDate.slice(0, 10), amount: line.amount }));
}

function invoiceSection(invoice: InvoiceRecord, calculation: CalculationResult): InvoiceSection {
  const booked = invoice.booked;
  const issuedAt = isoDate(invoice.issuedAt);
  if (!booked) throw new Error(`invoice ${invoice.number} has no journal entry`);
  const lines: InvoiceLine[] = [];
  if (invoice.kind === 'premium') {
    const surcharge = booked.fees.minus(calculation.data.adminFee);
    lines.push({ kind: 'net-premium', amount: toAmount(booked.net) }, { kind: 'tax', amount: toAmount(booked.tax) });
    lines.push({ kind: 'admin-fee', amount: Math.min(calculation.data.adminFee, toAmount(booked.fees)) });
    if (surcharge.greaterThan(0)) lines.push({ kind: 'instalment-surcharge', amount: toAmount(surcharge) });
  } else {
    const sign = booked.sign;
    lines.push({ kind: sign > 0 ? 'additional-premium' : 'return-premium', amount: sign * toAmount(booked.net) });
    lines.push({ kind: 'tax', amount: sign * toAmount(booked.tax) });
    if (!booked.fees.isZero()) lines.push({ kind: 'admin-fee', amount: sign * toAmount(booked.fees) });
  }
  return { number: invoice.number, issuedAt, lines, total: booked.sign * toAmount(booked.payable) };
}

function adjustmentSection(snapshot: LedgerSnapshot, describer: Describer): AdjustmentSection | undefined {
  const { version, previousVersion, invoice, policy } = snapshot;
  if (!version || !previousVersion) return undefined;
  const booked = invoice?.booked;
  const sign = booked?.sign ?? 1;
  const expiry = text(version.data.policy.dateExpiry) || policy.dateExpiry;
  const inception = text(version.data.policy.dateInception) || policy.dateInception;
  return {
    effectiveDate: version.effectiveFrom,
    changes: fieldChanges(policy.productCode, previousVersion.data, version.data, describer),
    annualNetBefore: previousVersion.calculation.data.net,
    annualNetAfter: version.calculation.data.net,
    netDelta: booked ? sign * toAmount(booked.net) : 0,
    taxDelta: booked ? sign * toAmount(booked.tax) : 0,
    total: booked ? sign * toAmount(booked.payable) : 0,
    daysRemaining: days(version.effectiveFrom, expiry),
    daysInTerm: days(inception, expiry),
  };
}

function terminationSection(snapshot: LedgerSnapshot, calculation: CalculationResult): TerminationSection {
  const { termination, invoice, policy } = snapshot;
  const effectiveDate = termination?.effectiveDate ?? policy.terminatedAt ?? isoDate(termination?.at ?? new Date(0));
  const type = TERMINATION_TYPES.find((known) => known === termination?.type) ?? 'pro-rata';
  const booked = invoice?.booked;
  const returnedFees = booked ? toAmount(booked.fees) : 0;
  return {
    effectiveDate,
    reason: termination?.reason ?? 'other',
    type,
    daysRemaining: days(effectiveDate, policy.dateExpiry),
    daysInTerm: days(policy.dateInception, policy.dateExpiry),
    returnNet: booked ? toAmount(booked.net) : 0,
    returnTax: booked ? toAmount(booked.tax) : 0,
    returnFees: returnedFees > 0 ? returnedFees : undefined,
    feeKept: Math.max(0, calculation.data.adminFee - returnedFees),
    total: booked ? toAmount(booked.payable) : 0,
    creditNoteNumber: invoice?.number,
  };
}

/** The moment the document describes: the offer's calculation, the issue, the change or the termination. */
function generatedAt(snapshot: LedgerSnapshot, type: DocumentType): Date {
  const { policy, version, termination } = snapshot;
  if (type === 'quote-offer' || (!version && !policy.issuedAt)) return policy.calculatedAt ?? policy.createdAt;
  if (type === 'termination-notice' && termination) return termination.at;
  if (version && version.version > 1) return version.createdAt;
  return policy.issuedAt ?? version?.createdAt ?? policy.createdAt;
}

export function buildDocumentModel(snapshot: LedgerSnapshot, type: DocumentType, language?: DocumentLanguage): DocumentModel {
  const { policy, version, tenant } = snapshot;
  const data = version?.data ?? policy.data;
  const calculation = version?.calculation ?? policy.calculation;
  if (!calculation) throw new Error(`quote ${policy.id} has no calculation to put in a document`);
  const lang = language ?? documentLanguage(data);
  const product = getProduct(policy.productCode);
  const describer = new Describer(lang, calculation.data.currency, product.schema);
  const at = generatedAt(snapshot, type);
  const isQuote = type === 'quote-offer' || !policy.policyNumber;
  const inception = text(data.policy.dateInception) || policy.dateInception;
  const expiry = text(data.policy.dateExpiry) || policy.dateExpiry;
  const agent = data.agent as Json | undefined;

  const model: DocumentModel = {
    type,
    language: lang,
    generatedAt: at.toISOString(),
    currency: calculation.data.currency,
    tenant: { name: tenant.name, brandColor: tenant.brandColor },
    product: { code: product.code, title: lang === 'de' ? (GERMAN_TITLES[product.code] ?? product.title) : product.title },
    reference: {
      quoteNumber: policy.quoteNumber,
      policyNumber: isQuote ? undefined : (policy.policyNumber ?? undefined),
      version: isQuote ? undefined : version?.version,
    },
    status: isQuote ? 'quote' : (policy.policyStatus ?? policy.status),
    dates: {
      inception,
      expiry,
      issuedAt: isoDate(at),
      validUntil: type === 'quote-offer' ? addDays(isoDate(at), OFFER_VALIDITY_DAYS) : undefined,
      effectiveDate: version && version.version > 1 ? version.effectiveFrom : undefined,
    },
    customer: {
      name: customerName(data.customer) || '–',
      email: text(data.customer.email) || undefined,
      addressLines: customerAddress(data.customer),
    },
    agent: agent && text(agent.name) ? { name: text(agent.name), code: text(agent.code) } : undefined,
    objects: insuredObjects(policy.productCode, data, describer),
    cover: coverRows(policy.productCode, data, describer),
    premium: snapshot.charged ? chargedPremiumOf(calculation, snapshot.charged) : premiumOf(calculation),
    instalments: instalmentsOf(calculation),
  };

  switch (type) {
    case 'invoice': {
      if (!snapshot.invoice) throw new Error(`an invoice document of ${policy.id} needs an invoice`);
      model.invoice = invoiceSection(snapshot.invoice, calculation);
      model.dates.issuedAt = model.invoice.issuedAt;
      const open = snapshot.invoice.instalments.filter((line) => line.status !== 'cancelled');
      model.instalments = open.map(({ sequence, dueDate, amount }) => ({ sequence, dueDate, amount }));
      break;
    }
    case 'endorsement':
      model.adjustment = adjustmentSection(snapshot, describer);
      model.instalments = snapshot.invoice?.instalments.map(({ sequence, dueDate, amount }) => ({ sequence, dueDate, amount }));
      break;
    case 'termination-notice':
      model.status = 'terminated';
      model.termination = terminationSection(snapshot, calculation);
      break;
    default:
      break;
  }
  return model;
}
