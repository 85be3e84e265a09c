import { siteFor } from '../standard/urls.ts';
import { judgeFile, toSent, type JudgeContext, type SentJudged } from './judge-file.ts';
import { CHUNK, NEXT_CHUNK, WORKER_JOB, WRITTEN, type WorkerJob, type WorkerMessage } from './judge-threads.ts';

/** Whether a thread was started by judge-threads.ts to judge (its workerData), not by anyone else who runs the CLI in a thread. */
export const isWorkerJob = (data: unknown): data is WorkerJob =>
  typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === WORKER_JOB;

/**
 * A worker thread of `uai validate --jobs` (judge-threads.ts): claims the next chunk of files from
 * the shared counter, judges it, and posts the results with the ranges of their issues, until no
 * chunk is left, then says it is done. It waits rather than run more than job.ahead chunks past what
 * has been written.
 * The CLI's entry runs it when started as a worker (bin/uai.mjs, the package's dist/cli.js), so
 * the worker is the same file as the command.
 */
export async function judgeAsWorker(
  job: WorkerJob,
  port: { postMessage(message: WorkerMessage): void },
): Promise<void> {
  const control = new Int32Array(job.control);
  const chunks = Math.ceil(job.targets.length / CHUNK);
  const context: JudgeContext = {
    mode: job.mode,
    site: siteFor(job.origin),
    now: job.now === undefined ? () => new Date() : () => new Date(job.now!),
    // Standard input is never given to a worker: a run that reads it is judged on one thread.
    stdin: () => Promise.reject(new Error('standard input is read by the main thread only')),
  };
  for (let chunk = Atomics.add(control, NEXT_CHUNK, 1); chunk < chunks; chunk = Atomics.add(control, NEXT_CHUNK, 1)) {
    for (
      let written = Atomics.load(control, WRITTEN);
      chunk >= written + job.ahead;
      written = Atomics.load(control, WRITTEN)
    )
      Atomics.wait(control, WRITTEN, written, 1000);
    const judged: SentJudged[] = [];
    for (const target of job.targets.slice(chunk * CHUNK, (chunk + 1) * CHUNK))
      judged.push(toSent(await judgeFile(target, context)));
    port.postMessage({ chunk, judged });
  }
  port.postMessage({ done: true });
}
