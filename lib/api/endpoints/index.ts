import type { Endpoint } from '../endpoint';
import { PAYMENT_ENDPOINTS } from './payments';
import { bordereauEndpoint } from './reports';
import { ADMIN_ENDPOINTS } from './admin';
import { downloadDocumentEndpoint, generateOfferEndpoint, listDocumentsEndpoint } from './documents';
import {
  policyDataChangeEndpoint,
  policyInstallmentsViewEndpoint,
  policyLinksEndpoint,
  policyMtaEndpoint,
  policyReinstateEndpoint,
  policyRenewalEndpoint,
  policyTerminateEndpoint,
  policyWithdrawTerminationEndpoint,
} from './policies';
import { listProductsEndpoint, productSchemaEndpoint } from './products';
import {
  bindQuoteEndpoint,
  calculateQuoteEndpoint,
  calculationEndpoint,
  copyQuoteEndpoint,
  createQuoteEndpoint,
  decideReferralEndpoint,
  declineQuoteEndpoint,
  declineReasonsEndpoint,
  instalmentScheduleEndpoint,
  issueQuoteEndpoint,
  listQuotesEndpoint,
  quoteActionsEndpoint,
  quoteChangesEndpoint,
  readQuoteEndpoint,
  referQuoteEndpoint,
  updateQuoteEndpoint,
} from './quotes';
import { getRequestEndpoint } from './requests';
import { WEBHOOK_ENDPOINTS } from './webhooks';

// Every ledger endpoint, for the OpenAPI document. A route without an entry here is a bug.
export const ALL_ENDPOINTS: Endpoint[] = [
  listProductsEndpoint,
  productSchemaEndpoint,
  createQuoteEndpoint,
  listQuotesEndpoint,
  readQuoteEndpoint,
  updateQuoteEndpoint,
  quoteActionsEndpoint,
  calculateQuoteEndpoint,
  calculationEndpoint,
  referQuoteEndpoint,
  decideReferralEndpoint,
  declineQuoteEndpoint,
  declineReasonsEndpoint,
  bindQuoteEndpoint,
  issueQuoteEndpoint,
  instalmentScheduleEndpoint,
  copyQuoteEndpoint,
  quoteChangesEndpoint,
  getRequestEndpoint,
  policyLinksEndpoint,
  policyMtaEndpoint,
  policyDataChangeEndpoint,
  policyTerminateEndpoint,
  policyWithdrawTerminationEndpoint,
  policyReinstateEndpoint,
  policyRenewalEndpoint,
  policyInstallmentsViewEndpoint,
  generateOfferEndpoint,
  listDocumentsEndpoint,
  downloadDocumentEndpoint,
  ...WEBHOOK_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  bordereauEndpoint,
  ...ADMIN_ENDPOINTS,
] as Endpoint[];
