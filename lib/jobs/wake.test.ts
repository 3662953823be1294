import { describe, expect, it } from 'vitest';
import { wakesWorker } from './wake';

describe('a job notice', () => {
  const documentsLane = ['documents.generate', 'documents.offer'];

  it('wakes a lane that runs the task it names', () => {
    expect(wakesWorker('documents.offer', documentsLane)).toBe(true);
  });

  it('leaves a lane without that task asleep', () => {
    expect(wakesWorker('prepare-quote', documentsLane)).toBe(false);
    expect(wakesWorker('documents', documentsLane)).toBe(false);
  });

  it('wakes every lane when it names no task (a reconnect, an older trigger, a notice sent by hand)', () => {
    expect(wakesWorker(null, documentsLane)).toBe(true);
    expect(wakesWorker('', documentsLane)).toBe(true);
  });
});
