import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from './log';

// The structured log batches one turn of the event loop into one write to stdout.

afterEach(() => vi.restoreAllMocks());

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the structured log', () => {
  it('writes the lines of one turn to stdout in one write, in order, as JSON lines', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    log.info('first', { n: 1 });
    log.warn('second', { n: 2 });
    expect(stdout).not.toHaveBeenCalled();
    await nextTurn();
    expect(stdout).toHaveBeenCalledTimes(1);
    const lines = String(stdout.mock.calls[0]![0]).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', message: 'first', n: 1 });
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'warn', message: 'second', n: 2 });
    log.info('third');
    await nextTurn();
    expect(stdout).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(stdout.mock.calls[1]![0]))).toMatchObject({ message: 'third' });
  });

  it('writes an error to stderr at once, after the lines logged before it', () => {
    const order: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => order.push(`stdout ${JSON.parse(String(chunk)).message}`) > 0);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => order.push(`stderr ${JSON.parse(String(chunk)).message}`) > 0);
    log.info('before');
    log.error('failed', { code: 'x' });
    expect(order).toEqual(['stdout before', 'stderr failed']);
  });
});
