// English IPID texts for the demo products (DOMAIN §9) and the generic fallback.

import type { IpidText } from './ipid';

export const IPID_EN: IpidText = {
  headings: {
    typeOfInsurance: 'What is this type of insurance?',
    insured: 'What is insured?',
    notInsured: 'What is not insured?',
    restrictions: 'Are there any restrictions on cover?',
    where: 'Where am I covered?',
    obligations: 'What are my obligations?',
    payment: 'When and how do I pay?',
    period: 'When does the cover start and end?',
    cancel: 'How do I cancel the contract?',
  },
  payment: (plan, payable) =>
    `${payable ? `The total premium is ${payable}, payable` : 'The premium is payable'} by the plan you chose (${plan}). The first instalment is due at the start of cover, together with the administration fee.`,
  period: (from, to) => `Cover starts on ${from} and ends on ${to}, once the policy has been issued and the first premium is paid.`,
  cancel:
    'You may cancel within 14 days of the start of cover or of receiving the documents, whichever is later, and receive a pro-rata refund. After that you may cancel at any time by writing to your broker; the administration fee is not refunded.',
  disclaimer:
    'This document is a summary of the main features of the product. Complete pre-contractual and contractual information is given in the policy schedule and the policy conditions.',
  products: {
    home: {
      summary: 'Home contents insurance covers the belongings in your home against loss or damage.',
      insured: [
        'Fire, lightning, explosion and smoke',
        'Theft and attempted theft following forcible entry',
        'Escape of water and oil, frost damage',
        'Storm, flood and falling trees',
        'Accidental damage, if shown on your schedule',
        'Alternative accommodation up to 20 % of the sum insured',
      ],
      notInsured: [
        'Wear and tear, gradual deterioration and damp',
        'Theft or water damage while the home is unoccupied for more than 60 days',
        'Deliberate damage by you or your family',
        'Property belonging to lodgers or paying guests',
        'Motor vehicles, caravans and boats',
      ],
      restrictions: [
        'The excess shown on your schedule applies to every claim',
        'Single articles are covered up to £2,000; valuables in total up to one third of the sum insured',
        'Cover is suspended for theft if the agreed locks or alarm are not in use',
      ],
      where: ['At the home address shown on your schedule'],
      obligations: [
        'Answer all questions fully and truthfully and tell us about changes, for example a new address',
        'Take reasonable care to prevent loss and keep locks and alarm in working order',
        'Report theft and malicious damage to the police within 24 hours',
        'Tell us about a claim as soon as possible and keep damaged items for inspection',
      ],
    },
    travel: {
      summary: 'Travel insurance covers medical emergencies, cancellation and baggage on your trips.',
      insured: [
        'Emergency medical and hospital treatment abroad',
        'Repatriation to your home country',
        'Cancellation and curtailment for an insured reason',
        'Lost, stolen or damaged baggage',
        'Winter sports, if shown on your schedule',
      ],
      notInsured: [
        'Medical conditions you knew about and did not declare',
        'Travel against official government advice',
        'Claims arising from alcohol or drug abuse',
        'Hazardous activities not listed in the policy',
        'Baggage left unattended in a public place',
      ],
      restrictions: [
        'The excess shown on your schedule applies per person and per claim',
        'Single items of baggage are covered up to €500',
        'Travellers aged 80 or more are covered only after individual review',
      ],
      where: ['In the destination region shown on your schedule, for trips starting and ending in your home country'],
      obligations: [
        'Declare all pre-existing medical conditions before you travel',
        'Call the emergency assistance line before any hospital stay of more than 24 hours',
        'Report loss or theft to the police within 24 hours and keep the report',
        'Keep receipts and send claims within 30 days of your return',
      ],
    },
    pet: {
      summary: 'Pet insurance covers vet fees for accidents and illness of your dog or cat.',
      insured: [
        'Vet fees for accidents and illness up to the annual limit',
        'Complementary treatment prescribed by a vet',
        'Third-party liability for dogs',
        'Advertising and reward if your pet is lost or stolen',
      ],
      notInsured: [
        'Conditions that showed signs before cover started',
        'Illness in the first 14 days of cover',
        'Routine and preventive care such as vaccinations, flea and worm treatment',
        'Pregnancy, breeding and cosmetic procedures',
      ],
      restrictions: [
        'The excess shown on your schedule applies to each condition in each policy year',
        'Vet fees are limited to the annual limit on your schedule',
        'Pets aged 8 or more pay 20 % of each vet bill',
      ],
      where: ['In the United Kingdom, and in the EU for trips of up to 60 days'],
      obligations: [
        'Keep vaccinations up to date and take your pet for a vet check at least once a year',
        'Tell us about changes, for example a new address or your pet being used for breeding',
        'Send claims within 90 days of the treatment',
      ],
    },
    generic: {
      summary: 'This insurance covers the insured risks described in your policy schedule.',
      insured: ['The risks and sums insured listed in the cover section of your policy schedule'],
      notInsured: ['Anything not listed in your policy schedule', 'Deliberate acts and known losses before the start of cover'],
      restrictions: ['The excesses and limits shown on your policy schedule apply'],
      where: ['As shown on your policy schedule'],
      obligations: ['Answer all questions truthfully and tell us about changes', 'Report claims as soon as possible'],
    },
  },
};
