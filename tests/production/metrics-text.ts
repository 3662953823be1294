// Reads the Prometheus text format well enough for tests: the sum of one metric's samples
// whose labels include the given ones.

export function sumSamples(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) sum += Number(match[4]);
  }
  return sum;
}

export function hasMetric(text: string, name: string): boolean {
  return text.includes(`# TYPE ${name} `);
}
