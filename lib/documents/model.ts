// The input of every document: plain, JSON-serialisable values that the ledger fills from its
// records. Templates only format and lay out: every premium, tax and refund shown is the figure the
// ledger booked (DOMAIN §2 rounds the parts first and derives totals from them), so a document can
// never disagree with the journal. The one sum a template draws, the instalment total, is added in
// whole cents.

import type { Language } from '@/lib/http/language';

export { documentTitle } from './labels';

export const DOCUMENT_TYPES = [
  'quote-offer',
  'policy-schedule',
  'certificate',
  'product-information',
  'terms-summary',
  'invoice',
  'endorsement',
  'termination-notice',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export type DocumentLanguage = Language;

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;
/** An instant, ISO 8601 with a zone, e.g. `2026-03-01T09:30:00Z`. */
export type IsoDateTime = string;
/** Money in the document's currency, a number with at most two decimals. */
export type Amount = number;

export interface LabelledValue {
  label: string;
  value: string;
}

export interface InsuredObject {
  label: string;
  details: LabelledValue[];
}

export type PaymentPlan = 'annual' | 'quarterly' | 'monthly';

export interface PremiumBreakdown {
  net: Amount;
  tax: Amount;
  /** A fraction: 0.12 for 12 %. */
  taxRate: number;
  /** Overrides the default tax name, e.g. "IPT". */
  taxLabel?: string;
  adminFee: Amount;
  instalmentSurcharge?: Amount;
  /** Disclosed, not added: both commissions are paid out of the net premium. */
  brokerCommission: Amount;
  mgaCommission: Amount;
  payable: Amount;
  paymentPlan: PaymentPlan;
}

export interface InstalmentLine {
  sequence: number;
  dueDate: IsoDate;
  amount: Amount;
}

export type InvoiceLineKind =
  'net-premium' | 'tax' | 'admin-fee' | 'instalment-surcharge' | 'additional-premium' | 'return-premium' | 'other';

export interface InvoiceLine {
  kind: InvoiceLineKind;
  amount: Amount;
  /** Shown instead of the standard label of the kind; required in practice for `other`. */
  label?: string;
}

export interface InvoiceSection {
  number: string;
  issuedAt: IsoDate;
  lines: InvoiceLine[];
  total: Amount;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface AdjustmentSection {
  effectiveDate: IsoDate;
  changes: FieldChange[];
  /** Annual net premiums before and after; shown to explain the pro-rata figure when present. */
  annualNetBefore?: Amount;
  annualNetAfter?: Amount;
  netDelta: Amount;
  taxDelta: Amount;
  /** Positive: additional premium due; negative: return premium; zero: a data change. */
  total: Amount;
  daysRemaining: number;
  daysInTerm: number;
}

export type TerminationType = 'pro-rata' | 'short-rate' | 'flat' | 'cooling-off';

export interface TerminationSection {
  effectiveDate: IsoDate;
  /** A decline/termination reason code or free text; known codes are translated. */
  reason: string;
  type: TerminationType;
  daysRemaining?: number;
  daysInTerm?: number;
  returnNet: Amount;
  returnTax: Amount;
  /** Fees returned as well (a flat cancellation refunds everything); part of `total`. */
  returnFees?: Amount;
  /** The administrative fee the insurer keeps; informative, not part of `total`. */
  feeKept: Amount;
  /** Credited to the customer: returnNet + returnTax (+ returnFees). */
  total: Amount;
  creditNoteNumber?: string;
}

export interface DocumentModel {
  type: DocumentType;
  language: DocumentLanguage;
  /** When the ledger asked for the document; printed in the footer and set as the PDF creation
   * date, so the same model always renders the same bytes (and the same sha256). */
  generatedAt: IsoDateTime;
  /** ISO 4217 code; every amount in the document is in this currency. */
  currency: string;
  tenant: { name: string; brandColor: string; addressLines?: string[]; contact?: string };
  product: { code: string; title: string };
  reference: { quoteNumber: string; policyNumber?: string; version?: number };
  status: string;
  dates: {
    inception: IsoDate;
    expiry: IsoDate;
    issuedAt?: IsoDate;
    validUntil?: IsoDate;
    effectiveDate?: IsoDate;
  };
  customer: { name: string; email?: string; addressLines: string[] };
  agent?: { name: string; code: string };
  objects: InsuredObject[];
  cover?: LabelledValue[];
  premium?: PremiumBreakdown;
  instalments?: InstalmentLine[];
  invoice?: InvoiceSection;
  adjustment?: AdjustmentSection;
  termination?: TerminationSection;
}

/** The model lacks a section its document type needs: a bug in the caller, not user input. */
export class IncompleteDocumentModel extends Error {
  constructor(type: DocumentType, section: string) {
    super(`a ${type} document needs the "${section}" section`);
    this.name = 'IncompleteDocumentModel';
  }
}

export function requireSection<T>(model: DocumentModel, section: string, value: T | undefined): T {
  if (value === undefined) throw new IncompleteDocumentModel(model.type, section);
  return value;
}

/** The number a reader looks for: the policy number once issued, the quote number before. */
export function primaryReference(model: DocumentModel): string {
  return model.reference.policyNumber ?? model.reference.quoteNumber;
}

/** An offer binds the insurer for 30 days unless the ledger stored another date. */
export const OFFER_VALIDITY_DAYS = 30;

export function offerValidUntil(model: DocumentModel): IsoDate {
  if (model.dates.validUntil) return model.dates.validUntil;
  const from = new Date(model.dates.issuedAt ?? model.generatedAt);
  from.setUTCDate(from.getUTCDate() + OFFER_VALIDITY_DAYS);
  return from.toISOString().slice(0, 10);
}
