// Structured log: one JSON object per line on stdout, so a collector can index it.

type Level = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = LEVELS[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? LEVELS.info;

// The lines of one turn of the event loop leave stdout in one write. Node writes stdout to a file
// or a pipe synchronously, a system call a line; under load the request log alone paid one for
// every answer. The batch leaves at the end of the turn, before any timer, and at exit; errors
// go to stderr at once, after whatever came before them. On globalThis: Next.js bundles each
// route apart, and every copy of this module must share one batch and one exit hook.
const globalForLog = globalThis as unknown as { ledgerLogBatch?: { lines: string; scheduled: boolean } };
const batch = (globalForLog.ledgerLogBatch ??= createBatch());

function createBatch(): { lines: string; scheduled: boolean } {
  process.once('exit', flush);
  return { lines: '', scheduled: false };
}

function flush(): void {
  batch.scheduled = false;
  if (batch.lines === '') return;
  const lines = batch.lines;
  batch.lines = '';
  process.stdout.write(lines);
}

function write(level: Level, message: string, fields: Record<string, unknown>): void {
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + '\n';
  if (level === 'error') {
    flush();
    process.stderr.write(line);
    return;
  }
  batch.lines += line;
  if (!batch.scheduled) {
    batch.scheduled = true;
    setImmediate(flush);
  }
}

export const log = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write('debug', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, errorName: error.name, stack: error.stack };
  return { error: String(error) };
}
