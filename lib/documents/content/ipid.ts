// Content of the product information document (IPID style): what the product insures and what it
// does not, per product code, with a generic text for products that have none of their own yet.

import type { DocumentLanguage } from '../model';
import { IPID_DE } from './ipid-de';
import { IPID_EN } from './ipid-en';

export interface ProductFacts {
  /** One sentence: what kind of insurance this is. */
  summary: string;
  insured: string[];
  notInsured: string[];
  restrictions: string[];
  where: string[];
  obligations: string[];
}

export interface IpidText {
  headings: {
    typeOfInsurance: string;
    insured: string;
    notInsured: string;
    restrictions: string;
    where: string;
    obligations: string;
    payment: string;
    period: string;
    cancel: string;
  };
  /** `payable` is left out when the model has no premium yet. */
  payment: (plan: string, payable?: string) => string;
  period: (from: string, to: string) => string;
  cancel: string;
  disclaimer: string;
  products: Record<'home' | 'travel' | 'pet' | 'generic', ProductFacts>;
}

const TEXTS: Record<DocumentLanguage, IpidText> = { en: IPID_EN, de: IPID_DE };

export function ipidText(language: DocumentLanguage): IpidText {
  return TEXTS[language];
}

export function productFacts(text: IpidText, productCode: string): ProductFacts {
  const known = productCode === 'home' || productCode === 'travel' || productCode === 'pet';
  return text.products[known ? productCode : 'generic'];
}
