/** Where a queue job continues a run (worker.ts). */
import type { Checkpoint } from '@/lib/contracts/trace';

interface JobArgs {
  from?: Checkpoint;
  resume?: unknown;
}

/**
 * The launch arguments to execute a job with: as enqueued, or, when the run got past the job's
 * starting point (a job taken over from a dead worker), its last checkpoint (no resume value: the
 * pause it answered is behind it).
 */
export function argsToExecute<A extends JobArgs>(args: A, latest: Checkpoint | undefined): A {
  if (!latest || latest.step <= (args.from?.step ?? -1)) return args;
  return { ...args, from: latest, resume: undefined };
}
