// The language the pages ask the ledger for (Accept-Language): the browser's first preference
// the ledger speaks, English when it speaks none of them.

export type PageLanguage = 'en' | 'de';

export function languageOf(preferences: readonly string[]): PageLanguage {
  for (const tag of preferences) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'de') return primary;
  }
  return 'en';
}

/** The browser's language; `en` where there is no browser (server rendering). */
export function pageLanguage(): PageLanguage {
  if (typeof navigator === 'undefined') return 'en';
  return languageOf(navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en']);
}
