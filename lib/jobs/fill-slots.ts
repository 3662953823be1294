// How a worker fills its free slots from the queue: claim as many jobs as slots are free, start
// them, and claim again only while every claim came back full. A claim that returns fewer jobs
// than it asked for found nothing else claimable at that moment; asking again at once would be a
// round trip (and a scan of the queue's head) for nothing. A job queued after that claim began
// announces itself with a notice, and the worker's loop runs another round for it.

export interface SlotFilling<J> {
  /** Slots free now (it falls as jobs start). */
  free(): number;
  claim(limit: number): Promise<J[]>;
  start(job: J): void;
  stopping(): boolean;
}

/** Claims and starts jobs until the slots are full, the worker stops, or a claim comes back short. */
export async function fillSlots<J>({ free, claim, start, stopping }: SlotFilling<J>): Promise<void> {
  while (!stopping() && free() > 0) {
    const limit = free();
    const jobs = await claim(limit);
    for (const job of jobs) start(job);
    if (jobs.length < limit) return;
  }
}
