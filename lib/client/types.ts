// The shapes of the ledger answers the pages read (the API contract; see /api/v1/ledger/openapi.json).
import type { CalculationData } from '@/lib/rating/types';

export type JsonObject = Record<string, unknown>;

export interface QuotePayload {
  product?: string;
  policy: JsonObject & { id?: string; dateInception?: string; dateExpiry?: string };
  customer: JsonObject;
  agent?: JsonObject | null;
  objects: JsonObject[];
}

export interface ReferralRecord {
  source: 'manual' | 'rule';
  comment: string;
  rules: { rule: string; message: string }[];
  referredBy: string;
  referredAt: string;
  decision?: { decision: 'approve' | 'reject'; comment: string; decidedBy: string; decidedAt: string };
}

export interface QuoteMeta {
  status: string;
  version: string;
  revision: number;
  quoteNumber: string;
  policyNumber: string | null;
  policyStatus: string | null;
  product: string;
  enrichment: string;
  referral: ReferralRecord | null;
  decline: { reason: string; declinedAt: string } | null;
  renewalOf: string | null;
  /** While calculated or bound: when the price stops being valid (bind and issue need a recalculation after). */
  validUntil?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FieldMessage {
  path: string;
  message: string;
}

export interface QuoteRead {
  data: QuotePayload & { enrichment: Record<string, unknown> };
  meta: QuoteMeta;
  schemaPath: string;
  warnings: FieldMessage[];
  errors: FieldMessage[];
}

export type LinkMap = Record<string, { href: string; method: string }>;

export interface QuoteActions {
  data: string[];
  meta: { status: string; version: string; ready: boolean; revision: number };
  links: LinkMap;
}

export interface PremiumField {
  field: string;
  label: string;
  value: unknown;
  factor: number;
  effect: string;
  amount: number;
}

export interface Instalment {
  sequence: number;
  dueDate: string;
  amount: number;
  currency: string;
  includesAdminFee: boolean;
  status?: string;
}

export interface Calculation {
  // The server's calculation shape (spec 2.3), shared as a type only.
  data: CalculationData;
  fields: PremiumField[];
  installments: Instalment[];
  meta?: { status: string };
}

export interface InstalmentSchedule {
  instalments: Instalment[];
  paymentPlan: string;
  total: number;
  currency: string;
  source: 'quote' | 'policy';
}

export interface QuoteListRow {
  id: string;
  quoteNumber: string;
  policyNumber: string | null;
  productCode: string;
  status: string;
  policyStatus: string | null;
  customerName: string;
  referral: ReferralRecord | null;
  createdAt: string;
  dateInception: string;
  payable: number | null;
  currency: string | null;
  /** The policy a renewal quote renews; null otherwise. */
  renewalOf: string | null;
  /** Owed on instalments past their due date; null when nothing is. */
  overdue: { amount: number; currency: string; oldestDueDate: string } | null;
}

export interface QuoteList {
  data: QuoteListRow[];
  meta: { page: number; pageSize: number; total: number };
}

export interface Product {
  code: string;
  title: string;
  description?: string;
  schemaPath: string;
  currency: string;
  example: QuotePayload & { product: string };
  /** The codes a termination's reason may take for this product. */
  terminationReasons: { code: string; label: string }[];
}

export interface AsyncRequest {
  requestId: string;
  type: string;
  status: 'pending' | 'success' | 'failed';
  data: { policyId?: string; policyNumber?: string; message?: string } | null;
  error?: { code: string; message: string };
}

export interface DeclineReason {
  code: string;
  label: string;
}
