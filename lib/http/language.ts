export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Picks the best supported language from Accept-Language (q-values honoured); English by default. */
export function negotiateLanguage(header: string | null): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.base));
  return (match?.base as Language | undefined) ?? 'en';
}
