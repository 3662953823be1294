// German IPID texts, following the headings of the EU template (Durchführungsverordnung 2017/1469).

import type { IpidText } from './ipid';

export const IPID_DE: IpidText = {
  headings: {
    typeOfInsurance: 'Um welche Art von Versicherung handelt es sich?',
    insured: 'Was ist versichert?',
    notInsured: 'Was ist nicht versichert?',
    restrictions: 'Gibt es Deckungsbeschränkungen?',
    where: 'Wo bin ich versichert?',
    obligations: 'Welche Verpflichtungen habe ich?',
    payment: 'Wann und wie zahle ich?',
    period: 'Wann beginnt und endet die Deckung?',
    cancel: 'Wie kann ich den Vertrag kündigen?',
  },
  payment: (plan, payable) =>
    `${payable ? `Der Zahlbetrag von ${payable} ist` : 'Die Prämie ist'} gemäß der gewählten Zahlungsweise (${plan}) zu zahlen. Die erste Rate ist zu Versicherungsbeginn fällig, zusammen mit der Verwaltungsgebühr.`,
  period: (from, to) =>
    `Der Versicherungsschutz beginnt am ${from} und endet am ${to}, sofern der Versicherungsschein ausgestellt und die erste Prämie gezahlt ist.`,
  cancel:
    'Sie können innerhalb von 14 Tagen ab Versicherungsbeginn oder ab Erhalt der Unterlagen (maßgeblich ist der spätere Zeitpunkt) widerrufen und erhalten die Prämie zeitanteilig zurück. Danach können Sie jederzeit in Textform über Ihren Vermittler kündigen; die Verwaltungsgebühr wird nicht erstattet.',
  disclaimer:
    'Dieses Informationsblatt gibt einen Überblick über die wichtigsten Merkmale des Produkts. Die vollständigen vorvertraglichen und vertraglichen Informationen finden Sie im Versicherungsschein und in den Versicherungsbedingungen.',
  products: {
    home: {
      summary: 'Die Hausratversicherung schützt Ihr bewegliches Eigentum in Ihrer Wohnung gegen Verlust und Beschädigung.',
      insured: [
        'Brand, Blitzschlag, Explosion und Rauch',
        'Einbruchdiebstahl und Versuch',
        'Leitungswasser- und Ölaustritt, Frostschäden',
        'Sturm, Überschwemmung und umstürzende Bäume',
        'Unbeabsichtigte Beschädigung, wenn im Versicherungsschein genannt',
        'Hotelkosten bis 20 % der Versicherungssumme',
      ],
      notInsured: [
        'Verschleiß, allmähliche Abnutzung und Feuchtigkeit',
        'Diebstahl oder Wasserschäden, wenn die Wohnung länger als 60 Tage unbewohnt ist',
        'Vorsätzliche Schäden durch Sie oder Ihre Angehörigen',
        'Eigentum von Untermietern oder zahlenden Gästen',
        'Kraftfahrzeuge, Wohnwagen und Boote',
      ],
      restrictions: [
        'Für jeden Schaden gilt die im Versicherungsschein genannte Selbstbeteiligung',
        'Einzelne Gegenstände sind bis 2.000 £ versichert, Wertsachen insgesamt bis zu einem Drittel der Versicherungssumme',
        'Bei Diebstahl besteht kein Schutz, wenn die vereinbarten Schlösser oder die Alarmanlage nicht genutzt werden',
      ],
      where: ['An der im Versicherungsschein genannten Wohnanschrift'],
      obligations: [
        'Alle Fragen vollständig und wahrheitsgemäß beantworten und Änderungen melden, zum Beispiel einen Umzug',
        'Schäden möglichst vermeiden und Schlösser sowie Alarmanlage funktionsfähig halten',
        'Diebstahl und mutwillige Beschädigung innerhalb von 24 Stunden der Polizei melden',
        'Schäden unverzüglich melden und beschädigte Sachen zur Besichtigung aufbewahren',
      ],
    },
    travel: {
      summary: 'Die Reiseversicherung schützt Sie bei medizinischen Notfällen, Reiserücktritt und Gepäckschäden.',
      insured: [
        'Medizinische Notfallbehandlung und Krankenhausaufenthalt im Ausland',
        'Rücktransport in Ihr Heimatland',
        'Reiserücktritt und Reiseabbruch aus versichertem Grund',
        'Verlorenes, gestohlenes oder beschädigtes Reisegepäck',
        'Wintersport, wenn im Versicherungsschein genannt',
      ],
      notInsured: [
        'Bekannte, aber nicht angegebene Vorerkrankungen',
        'Reisen entgegen einer amtlichen Reisewarnung',
        'Schäden infolge von Alkohol- oder Drogenmissbrauch',
        'Gefährliche Aktivitäten, die nicht in den Bedingungen genannt sind',
        'Gepäck, das an öffentlichen Orten unbeaufsichtigt gelassen wurde',
      ],
      restrictions: [
        'Die im Versicherungsschein genannte Selbstbeteiligung gilt je Person und Schadenfall',
        'Einzelne Gepäckstücke sind bis 500 € versichert',
        'Reisende ab 80 Jahren sind nur nach individueller Prüfung versichert',
      ],
      where: ['Im Reisegebiet laut Versicherungsschein, für Reisen mit Beginn und Ende im Heimatland'],
      obligations: [
        'Vor Reiseantritt alle Vorerkrankungen angeben',
        'Vor einem Krankenhausaufenthalt von mehr als 24 Stunden die Notrufzentrale anrufen',
        'Verlust oder Diebstahl innerhalb von 24 Stunden der Polizei melden und die Anzeige aufbewahren',
        'Belege aufbewahren und Schäden innerhalb von 30 Tagen nach Rückkehr melden',
      ],
    },
    pet: {
      summary: 'Die Tierkrankenversicherung übernimmt Tierarztkosten bei Unfall und Krankheit Ihres Hundes oder Ihrer Katze.',
      insured: [
        'Tierarztkosten bei Unfall und Krankheit bis zur Jahreshöchstleistung',
        'Vom Tierarzt verordnete ergänzende Behandlungen',
        'Haftpflicht für Hunde',
        'Suchanzeigen und Finderlohn, wenn Ihr Tier entläuft oder gestohlen wird',
      ],
      notInsured: [
        'Erkrankungen, die sich vor Versicherungsbeginn gezeigt haben',
        'Erkrankungen in den ersten 14 Tagen (Wartezeit)',
        'Vorsorge wie Impfungen, Floh- und Wurmbehandlungen',
        'Trächtigkeit, Zucht und kosmetische Eingriffe',
      ],
      restrictions: [
        'Die Selbstbeteiligung gilt je Erkrankung und Versicherungsjahr',
        'Tierarztkosten sind auf die im Versicherungsschein genannte Jahreshöchstleistung begrenzt',
        'Ab einem Alter von 8 Jahren tragen Sie 20 % jeder Tierarztrechnung selbst',
      ],
      where: ['Im Vereinigten Königreich und bei Reisen in die EU bis zu 60 Tage'],
      obligations: [
        'Impfungen aktuell halten und Ihr Tier mindestens einmal jährlich untersuchen lassen',
        'Änderungen melden, zum Beispiel einen Umzug oder den Einsatz Ihres Tieres zur Zucht',
        'Schäden innerhalb von 90 Tagen nach der Behandlung einreichen',
      ],
    },
    generic: {
      summary: 'Diese Versicherung deckt die im Versicherungsschein beschriebenen Risiken.',
      insured: ['Die im Versicherungsschein unter Versicherungsumfang genannten Risiken und Summen'],
      notInsured: ['Alles, was nicht im Versicherungsschein genannt ist', 'Vorsätzliche Handlungen und vor Beginn bekannte Schäden'],
      restrictions: ['Es gelten die im Versicherungsschein genannten Selbstbeteiligungen und Höchstgrenzen'],
      where: ['Wie im Versicherungsschein angegeben'],
      obligations: ['Alle Fragen wahrheitsgemäß beantworten und Änderungen melden', 'Schäden unverzüglich melden'],
    },
  },
};
