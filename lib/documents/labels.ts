// Every visible word of the documents, per language. German follows the wording of German
// insurance paperwork (VVG, IPID templates), not a word-for-word translation.

import type { DocumentLanguage, DocumentType, PaymentPlan, TerminationType, InvoiceLineKind } from './model';
import { de } from './labels-de';
import { TERMINATION_REASON_LABELS } from '@/lib/products/termination-reasons';

const en = {
  titles: {
    'quote-offer': 'Insurance offer',
    'policy-schedule': 'Policy schedule',
    certificate: 'Certificate of insurance',
    'product-information': 'Insurance product information document',
    'terms-summary': 'Summary of terms',
    invoice: 'Invoice and instalment plan',
    endorsement: 'Endorsement',
    'termination-notice': 'Termination notice and credit note',
  } satisfies Record<DocumentType, string>,
  quoteNumber: 'Quote number',
  policyNumber: 'Policy number',
  version: 'Version',
  status: 'Status',
  product: 'Product',
  issuedOn: 'Issued on',
  validUntil: 'Valid until',
  effectiveFrom: 'Effective from',
  periodOfInsurance: 'Period of insurance',
  inception: 'Start of cover',
  expiry: 'End of cover',
  periodRange: (from: string, to: string) => `${from} to ${to}`,
  expiryNote: 'Cover ends at the start of the expiry date.',
  policyholder: 'Policyholder',
  broker: 'Your broker',
  brokerCode: 'Broker code',
  issuedBy: 'Insurer',
  email: 'E-mail',
  insuredRisks: 'Insured risks',
  cover: 'Cover',
  premium: 'Premium',
  netPremium: 'Net premium',
  insuranceTax: 'Insurance premium tax',
  taxWithRate: (name: string, rate: string) => `${name} (${rate})`,
  adminFee: 'Administration fee',
  instalmentSurcharge: 'Instalment surcharge',
  payable: 'Total payable',
  commissionHeading: 'Included in the net premium',
  brokerCommission: 'Broker commission',
  mgaCommission: 'Managing agent commission',
  paymentPlan: 'Payment plan',
  plans: { annual: 'Annual', quarterly: 'Quarterly', monthly: 'Monthly' } satisfies Record<PaymentPlan, string>,
  instalmentPlan: 'Instalment plan',
  instalmentNo: 'No.',
  dueDate: 'Due date',
  amount: 'Amount',
  description: 'Description',
  total: 'Total',
  offerIntro: 'Thank you for your enquiry. We are pleased to offer the following cover on the terms of the product shown.',
  offerValidity: (date: string) =>
    `This offer is valid until ${date}. Cover starts only once you have accepted the offer and the policy has been issued.`,
  scheduleIntro: 'This schedule forms part of your policy. Please check it and tell your broker at once if anything is wrong.',
  certificateIntro: (product: string) =>
    `This certifies that the policyholder named below is insured under ${product} for the period and with the cover shown.`,
  certificateProof: 'This certificate is proof of cover. The full terms are set out in the policy schedule and conditions.',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  invoiceTotal: 'Invoice total',
  invoiceLines: {
    'net-premium': 'Net premium',
    tax: 'Insurance premium tax',
    'admin-fee': 'Administration fee',
    'instalment-surcharge': 'Instalment surcharge',
    'additional-premium': 'Additional premium',
    'return-premium': 'Return premium',
    other: 'Other',
  } satisfies Record<InvoiceLineKind, string>,
  paymentNote: (reference: string) => `Please pay each instalment by its due date, quoting ${reference}.`,
  endorsementIntro: (date: string) => `Your policy has been changed with effect from ${date}. This endorsement forms part of your policy.`,
  changes: 'What changed',
  changeItem: 'Item',
  changeBefore: 'Before',
  changeAfter: 'New',
  premiumAdjustment: 'Premium adjustment',
  annualNetBefore: 'Annual net premium before',
  annualNetAfter: 'Annual net premium after',
  proRata: (days: number, term: number) => `Pro rata for ${days} of ${term} days remaining`,
  netDelta: 'Net premium adjustment',
  taxDelta: 'Tax adjustment',
  additionalDue: 'Additional premium due',
  returnDue: 'Return premium to you',
  noPremiumChange: 'This change does not affect your premium.',
  terminationIntro: (date: string) => `We confirm that your policy ends on ${date}.`,
  terminationDetails: 'Termination',
  reason: 'Reason',
  calculationMethod: 'Calculation method',
  terminationTypes: {
    'pro-rata': 'Pro rata',
    'short-rate': 'Short-rate scale',
    flat: 'Cancelled from inception',
    'cooling-off': 'Cancelled within the cooling-off period',
  } satisfies Record<TerminationType, string>,
  // Every product's termination reason codes, in the notice's own wording where it has one.
  reasons: {
    ...TERMINATION_REASON_LABELS.en,
    'customer-request': 'At your request',
    'non-payment': 'Premium not paid',
    'issued-in-error': 'Policy issued in error',
    'risk-ceased': 'The insured risk no longer exists',
    'insurer-decision': 'Cancelled by the insurer',
    other: 'Other',
  } as Record<string, string>,
  refundCalculation: 'Refund calculation',
  returnNet: 'Net premium returned',
  returnTax: 'Insurance premium tax returned',
  returnFees: 'Fees returned',
  feeKept: 'Administration fee kept (not refundable)',
  totalRefund: 'Total refund',
  creditNote: 'Credit note',
  creditNoteNumber: 'Credit note number',
  creditNoteText: (amount: string) =>
    `We credit ${amount} to you. Instalments due after the termination date are cancelled; any amount you paid beyond what is owed is refunded to your account.`,
  statuses: {
    quote: 'Quote',
    'in-manual-referral': 'In referral',
    bound: 'Accepted',
    issued: 'Issued',
    active: 'In force',
    terminated: 'Terminated',
    expired: 'Expired',
    declined: 'Declined',
  } as Record<string, string>,
  daysUnit: (days: number) => `${days} days`,
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  generatedAt: (when: string) => `Generated ${when}`,
};

export type Labels = typeof en;

const DICTIONARIES: Record<DocumentLanguage, Labels> = { en, de };

export function labelsFor(language: DocumentLanguage): Labels {
  return DICTIONARIES[language];
}

export function documentTitle(type: DocumentType, language: DocumentLanguage): string {
  return DICTIONARIES[language].titles[type];
}

/** Known codes are translated; anything else is printed as the ledger wrote it. */
export function translateCode(dictionary: Record<string, string>, code: string): string {
  return dictionary[code] ?? code;
}
