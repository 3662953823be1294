// The summary of terms: the contract's main rules in plain words, filled with the policy's own
// values. It summarises, it does not replace the policy conditions; the last section says so.

import type { DocumentLanguage } from '../model';

export interface TermsValues {
  insurer: string;
  broker?: string;
  from: string;
  to: string;
  plan: string;
  adminFee: string;
}

export interface TermsSection {
  heading: string;
  text: string;
}

type TermsWriter = (values: TermsValues) => { keyFacts: string; sections: TermsSection[] };

const en: TermsWriter = (v) => ({
  keyFacts: 'Key limits and excesses',
  sections: [
    {
      heading: 'Your contract',
      text: `Your contract is with ${v.insurer}${v.broker ? `, arranged by ${v.broker}` : ''}. It consists of the policy schedule, the policy conditions and any endorsements.`,
    },
    {
      heading: 'Period of cover',
      text: `Cover runs from ${v.from} until the start of ${v.to}. The policy does not renew by itself: you receive a renewal offer up to 60 days before it ends.`,
    },
    {
      heading: 'Paying your premium',
      text: `Your payment plan is ${v.plan.toLowerCase()}, with the due dates shown in the instalment plan. The administration fee of ${v.adminFee} is due with the first instalment. If an instalment remains unpaid 14 days after a reminder, the insurer may cancel the policy.`,
    },
    {
      heading: 'Changes to your policy',
      text: 'Tell your broker about any change to the facts you gave us. A change that affects the premium is charged or refunded pro rata from the day it takes effect; a change that does not, costs nothing. Each change is confirmed by an endorsement.',
    },
    {
      heading: 'Making a claim',
      text: 'Report a claim as soon as you can, give us the information and documents we ask for, and do not admit liability to anyone without our consent.',
    },
    {
      heading: 'Cancelling',
      text: `You may withdraw within 14 days of the start of cover or of receiving the documents and receive a pro-rata refund. After that you may cancel at any time; you receive the unused premium pro rata and the administration fee of ${v.adminFee} is kept.`,
    },
    {
      heading: 'Complaints',
      text: 'Contact your broker first. If you are not satisfied with the answer, write to the insurer; you may then refer the complaint to the Financial Ombudsman Service free of charge.',
    },
    {
      heading: 'About this summary',
      text: 'This summary does not contain all terms of the contract. The policy conditions apply in full and prevail over this summary.',
    },
  ],
});

const de: TermsWriter = (v) => ({
  keyFacts: 'Wichtige Höchstgrenzen und Selbstbeteiligungen',
  sections: [
    {
      heading: 'Ihr Vertrag',
      text: `Ihr Vertragspartner ist ${v.insurer}${v.broker ? `, vermittelt durch ${v.broker}` : ''}. Der Vertrag besteht aus dem Versicherungsschein, den Versicherungsbedingungen und etwaigen Nachträgen.`,
    },
    {
      heading: 'Versicherungsdauer',
      text: `Der Versicherungsschutz besteht vom ${v.from} bis zum Beginn des ${v.to}. Der Vertrag verlängert sich nicht von selbst: Sie erhalten bis zu 60 Tage vor Ablauf ein Verlängerungsangebot.`,
    },
    {
      heading: 'Prämienzahlung',
      text: `Die Zahlungsweise ist ${v.plan.toLowerCase()}, wie im Ratenplan angegeben. Die Verwaltungsgebühr von ${v.adminFee} ist mit der ersten Rate fällig. Bleibt eine Rate 14 Tage nach einer Mahnung unbezahlt, kann der Versicherer den Vertrag kündigen.`,
    },
    {
      heading: 'Vertragsänderungen',
      text: 'Teilen Sie Ihrem Vermittler jede Änderung Ihrer Angaben mit. Eine Änderung mit Auswirkung auf die Prämie wird ab ihrem Wirksamkeitstag zeitanteilig berechnet oder erstattet; eine Änderung ohne Auswirkung ist kostenlos. Jede Änderung bestätigen wir mit einem Nachtrag.',
    },
    {
      heading: 'Im Schadenfall',
      text: 'Melden Sie einen Schaden so schnell wie möglich, geben Sie uns die erbetenen Auskünfte und Unterlagen und erkennen Sie ohne unsere Zustimmung keine Haftung an.',
    },
    {
      heading: 'Widerruf und Kündigung',
      text: `Sie können innerhalb von 14 Tagen ab Versicherungsbeginn oder Erhalt der Unterlagen widerrufen und erhalten die Prämie zeitanteilig zurück. Danach können Sie jederzeit kündigen; die nicht verbrauchte Prämie wird zeitanteilig erstattet, die Verwaltungsgebühr von ${v.adminFee} wird einbehalten.`,
    },
    {
      heading: 'Beschwerden',
      text: 'Wenden Sie sich zuerst an Ihren Vermittler. Sind Sie mit der Antwort nicht zufrieden, schreiben Sie an den Versicherer; danach können Sie sich kostenlos an den Versicherungsombudsmann e.V. wenden.',
    },
    {
      heading: 'Zu dieser Zusammenfassung',
      text: 'Diese Zusammenfassung enthält nicht alle Vertragsbestimmungen. Es gelten die Versicherungsbedingungen in vollem Umfang; sie gehen dieser Zusammenfassung vor.',
    },
  ],
});

const WRITERS: Record<DocumentLanguage, TermsWriter> = { en, de };

export function termsSummary(language: DocumentLanguage, values: TermsValues) {
  return WRITERS[language](values);
}
