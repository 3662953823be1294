// One template per document type; the record makes a new type fail to compile until it has one.

import type { ReactElement } from 'react';
import type { DocumentProps } from '@react-pdf/renderer';
import type { DocumentType } from '../model';
import { Certificate } from './certificate';
import { Endorsement } from './endorsement';
import { Invoice } from './invoice';
import type { RenderContext } from './parts/context';
import { PolicySchedule } from './policy-schedule';
import { ProductInformation } from './product-information';
import { QuoteOffer } from './quote-offer';
import { TermsSummary } from './terms-summary';
import { TerminationNotice } from './termination-notice';

export const TEMPLATES: Record<DocumentType, (props: { ctx: RenderContext }) => ReactElement<DocumentProps>> = {
  'quote-offer': QuoteOffer,
  'policy-schedule': PolicySchedule,
  certificate: Certificate,
  'product-information': ProductInformation,
  'terms-summary': TermsSummary,
  invoice: Invoice,
  endorsement: Endorsement,
  'termination-notice': TerminationNotice,
};
