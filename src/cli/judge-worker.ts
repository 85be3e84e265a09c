import { siteFor } from '../standard/urls.ts';
import { judgeFile, toSent, type JudgeContext, type SentJudged } from './judge-file.ts';
import {
  CHUNK,
  IN_FLIGHT,
  NEXT_CHUNK,
  WORKER_JOB,
  WRITTEN,
  type WorkerJob,
  type WorkerMessage,
} from './judge-threads.ts';

/** Whether a thread was started by judge-threads.ts to judge (its workerData), not by anyone else who runs the CLI in a thread. */
export const isWorkerJob = (data: unknown): data is WorkerJob =>
  typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === WORKER_JOB;

/**
 * Takes `bytes` of the budget the workers share (judge-threads.ts, IN_FLIGHT_BUDGET) once they fit,
 * or once nothing else is in flight; returns the bytes in flight then. A worker holds bytes only
 * while it checks one file, which waits for nothing, so the workers cannot wait on each other for ever.
 */
function takeBytes(control: Int32Array, budget: number, bytes: number): number {
  for (;;) {
    const held = Atomics.load(control, IN_FLIGHT);
    if (held !== 0 && held + bytes > budget) {
      // A bounded wait: a thread being ended stops here, not in a wait nobody may end.
      Atomics.wait(control, IN_FLIGHT, held, 100);
    } else if (Atomics.compareExchange(control, IN_FLIGHT, held, held + bytes) === held) return held + bytes;
  }
}

function giveBytes(control: Int32Array, bytes: number): void {
  if (bytes === 0) return;
  Atomics.sub(control, IN_FLIGHT, bytes);
  Atomics.notify(control, IN_FLIGHT);
}

/**
 * A worker thread of `uai validate --jobs` (judge-threads.ts): claims the next chunk of files from
 * the shared counter, judges it, and posts the results with the ranges of their issues, until no
 * chunk is left, then says it is done. It waits rather than run more than job.ahead chunks past what
 * has been written, and before a file whose bytes would take the files in flight past the budget.
 * The CLI's entry runs it when started as a worker (bin/uai.mjs, the package's dist/cli.js), so
 * the worker is the same file as the command.
 */
export async function judgeAsWorker(
  job: WorkerJob,
  port: { postMessage(message: WorkerMessage): void },
): Promise<void> {
  const control = new Int32Array(job.control);
  const chunks = Math.ceil(job.targets.length / CHUNK);
  let taken = 0;
  let inFlight = 0;
  const context: JudgeContext = {
    mode: job.mode,
    site: siteFor(job.origin),
    withRecord: job.withRecord,
    now: job.now === undefined ? () => new Date() : () => new Date(job.now!),
    // Standard input is never given to a worker: a run that reads it is judged on one thread.
    stdin: () => Promise.reject(new Error('standard input is read by the main thread only')),
    reserve: (bytes) => {
      inFlight = Math.max(inFlight, takeBytes(control, job.budget, bytes));
      taken = bytes;
    },
  };
  for (let chunk = Atomics.add(control, NEXT_CHUNK, 1); chunk < chunks; chunk = Atomics.add(control, NEXT_CHUNK, 1)) {
    for (
      let written = Atomics.load(control, WRITTEN);
      chunk >= written + job.ahead;
      written = Atomics.load(control, WRITTEN)
    )
      Atomics.wait(control, WRITTEN, written, 1000);
    const judged: SentJudged[] = [];
    inFlight = 0;
    for (const target of job.targets.slice(chunk * CHUNK, (chunk + 1) * CHUNK)) {
      try {
        judged.push(toSent(await judgeFile(target, context)));
      } finally {
        // Given back once the file is checked: its text, value and result are what the bytes stand for.
        giveBytes(control, taken);
        taken = 0;
      }
    }
    port.postMessage({ chunk, judged, inFlight });
  }
  port.postMessage({ done: true });
}
