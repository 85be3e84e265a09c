import { Worker } from 'node:worker_threads';
import type { NormalizationMode } from '../engine/index.ts';
import { MAX_INPUT_BYTES } from './bounded-read.ts';
import type { Target } from './files.ts';
import { fromSent, judgeFile, type JudgeContext, type Judged, type SentJudged } from './judge-file.ts';

/**
 * Judging on worker threads with the report still written in file order and as files are judged
 * (docs/ci.md, "Threads"). The files are cut into chunks; the workers claim the next chunk from
 * one shared counter, so whoever is free takes it, and post each judged chunk back; this thread
 * writes the chunks in order. No worker runs more than a window of chunks past the last one
 * written (aheadFor), so memory stays bounded by a few chunks of results whatever the number of
 * files or the pace of the reader of standard output.
 */
export const CHUNK = 32;
export const AHEAD = 8;

/** The window: AHEAD chunks, or two per worker where there are more workers, so none idles waiting for it. */
export const aheadFor = (workers: number): number => Math.max(AHEAD, 2 * workers);

/** Counter slots of the shared control array. */
export const NEXT_CHUNK = 0;
export const WRITTEN = 1;
/** Bytes of the files the workers are judging at this moment (judge-worker.ts, takeBytes). */
export const IN_FLIGHT = 2;

/**
 * The most bytes of files the workers judge at once: one file at the read bound, what a single
 * thread may hold. Parsing and checking a file takes many times its size (a 10 MB object of small
 * members peaked at 520 MB), so without it `--jobs n` on n large files would take n times the
 * memory of one thread, and a pull request of large files could exhaust a CI runner. A file
 * larger than what is free waits until it fits, or until nothing else is judged.
 */
export const IN_FLIGHT_BUDGET = MAX_INPUT_BYTES;

/** Marks the data a judging worker is started with, so the CLI's entry tells it from any other start. */
export const WORKER_JOB = 'uai validate --jobs';

/** What a worker is started with (judge-worker.ts): everything it judges by, as plain data. */
export interface WorkerJob {
  readonly kind: typeof WORKER_JOB;
  readonly control: SharedArrayBuffer;
  readonly targets: readonly Target[];
  /** How many chunks past the last one written a worker may judge (aheadFor). */
  readonly ahead: number;
  readonly mode: NormalizationMode | undefined;
  readonly withRecord: boolean;
  readonly origin: string;
  /** A pinned clock (ms since the epoch), for reports that must not depend on when they ran. */
  readonly now: number | undefined;
  /** IN_FLIGHT_BUDGET, or a test's smaller one. */
  readonly budget: number;
}

/** A judged chunk, as a worker posts it. */
export interface ChunkMessage {
  readonly chunk: number;
  readonly judged: readonly SentJudged[];
  /** The most bytes in flight this worker saw as it took a file of the chunk. */
  readonly inFlight: number;
}

/**
 * What a worker posts last, once no chunk is left to claim. A worker that ends without it may have
 * claimed a chunk it never sent, whatever its exit status: the others would wait for that chunk's
 * turn forever, so its absence ends the workers' part.
 */
export interface DoneMessage {
  readonly done: true;
}

export type WorkerMessage = ChunkMessage | DoneMessage;

export interface Threads {
  /** The module a worker runs: the CLI entry (bin/uai.mjs, or dist/cli.js in the package), which judges when it is a worker. */
  readonly worker: URL;
  readonly workers: number;
  readonly origin: string;
  /** Set when the run's clock is pinned: the workers read this instant instead of their own clock. */
  readonly now?: Date;
  /** Bytes of files judged at once (IN_FLIGHT_BUDGET unless a test sets less). */
  readonly budget?: number;
  /** Filled in as the run goes: what the workers did (the tests read it). */
  readonly use?: ThreadsUse;
}

export interface ThreadsUse {
  /** Chunks the workers judged and sent. */
  chunksByWorkers: number;
  /** Why the workers' part ended early (a worker failed, or ended with chunks unsent); this thread judged the rest. */
  stopped: string | undefined;
  /** The most chunks held at once, judged but not yet written: at most the window (aheadFor). */
  mostHeld: number;
  /** The most bytes of files the workers judged at once: within the budget, or one file alone. */
  mostInFlight: number;
}

export const unusedThreads = (): ThreadsUse => ({
  chunksByWorkers: 0,
  stopped: undefined,
  mostHeld: 0,
  mostInFlight: 0,
});

/**
 * Every target judged, in order, by the workers. A worker that fails (it could not start, or it
 * stopped) ends the workers' part: this thread judges whatever they had not sent, and
 * `use.stopped` says why.
 */
export async function* judgeOnThreads(
  targets: readonly Target[],
  context: JudgeContext,
  threads: Threads,
): AsyncGenerator<Judged> {
  const use = threads.use ?? unusedThreads();
  const chunks = Math.ceil(targets.length / CHUNK);
  const control = new Int32Array(new SharedArrayBuffer(12));
  const arrived = new Map<number, readonly SentJudged[]>();
  let live = 0;
  let wake: (() => void) | undefined;
  const woken = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const job: WorkerJob = {
    kind: WORKER_JOB,
    control: control.buffer as SharedArrayBuffer,
    targets,
    ahead: aheadFor(threads.workers),
    mode: context.mode,
    withRecord: context.withRecord,
    origin: threads.origin,
    now: threads.now?.getTime(),
    budget: threads.budget ?? IN_FLIGHT_BUDGET,
  };
  const workers: Worker[] = [];
  const done = new Set<Worker>();
  let over = false;
  const stop = (why: string) => {
    if (over) return;
    use.stopped ??= why;
    for (const w of workers) void w.terminate();
    woken();
  };
  try {
    try {
      for (let i = 0; i < threads.workers; i++) {
        const worker = new Worker(threads.worker, { workerData: job });
        workers.push(worker);
        live += 1;
        worker.on('message', (m: WorkerMessage) => {
          if (use.stopped !== undefined) return;
          if ('done' in m) {
            done.add(worker);
            return;
          }
          arrived.set(m.chunk, m.judged);
          use.chunksByWorkers += 1;
          use.mostHeld = Math.max(use.mostHeld, arrived.size);
          use.mostInFlight = Math.max(use.mostInFlight, m.inFlight);
          woken();
        });
        worker.on('error', (error) => stop(`a worker thread failed: ${error.message}`));
        worker.on('exit', (code) => {
          live -= 1;
          if (code !== 0) stop(`a worker thread stopped with status ${code}`);
          else if (!done.has(worker)) stop('a worker thread ended without sending every file it took');
          woken();
        });
      }
    } catch (error) {
      // A worker that cannot even be constructed: the same fallback as one that fails at start.
      stop(`a worker thread could not be started: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (let next = 0; next < chunks; next++) {
      for (;;) {
        const sent = arrived.get(next);
        if (sent) {
          arrived.delete(next);
          for (const s of sent) yield fromSent(s);
          break;
        }
        // No worker will send it: judge it here, each file written as judged.
        if (use.stopped !== undefined || live === 0) {
          use.stopped ??= 'the worker threads ended without sending every file';
          for (const target of targets.slice(next * CHUNK, (next + 1) * CHUNK)) yield await judgeFile(target, context);
          break;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
      Atomics.store(control, WRITTEN, next + 1);
      Atomics.notify(control, WRITTEN);
    }
  } finally {
    // Whatever the workers do after the last chunk is written (ending, being ended) is no failure.
    over = true;
    for (const w of workers) void w.terminate();
  }
}
