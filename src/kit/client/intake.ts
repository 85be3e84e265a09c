/**
 * What a client sends to the scenario servers, taken in within budgets: per scenario and per run, a
 * number of requests and of request-body bytes, and a number of connections open at once. What
 * passes a budget is counted (requests, bytes) and refused, never kept, so no client can grow the
 * kit; the counts are judged as a finding of their own (client.within_budget). A well-behaved client
 * sends a handful of small messages per scenario: the budgets are far above that, far below memory.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { BodyBytes } from '../../http/body-bytes.ts';
import { ParseBudget } from '../judge/json.ts';

const MiB = 1024 * 1024;

export const BUDGETS = {
  /** Bytes of one request body kept; the rest of it is counted and dropped. */
  keptBodyBytes: MiB,
  scenarioRequests: 200,
  scenarioBytes: 8 * MiB,
  runRequests: 1000,
  runBytes: 32 * MiB,
  /** Connections one scenario server holds at once; more are closed as they come (node:http maxConnections). */
  openConnections: 64,
} as const;

/**
 * The request messages the judge parses in one run, all scenarios together: a client's few dozen
 * messages take a few kilobytes each; a client that posted 262,144 bytes up to its byte budgets
 * held the kit at 1.2 GB while it judged them. Settled as they arrive, so that the body of every
 * other request can be let go once answered.
 */
const MAX_CLIENT_PARSED_BYTES = 512 * 1024;

export interface IntakeCounts {
  /** Requests that arrived in the scenario, refused ones included. */
  readonly requests: number;
  /** Request-body bytes that arrived, refused ones included. */
  readonly bytes: number;
  /** Requests past a budget: counted, answered with a refusal, not kept. */
  readonly refused: number;
  /** The first budget passed, as the finding names it. */
  readonly budget?: string;
  /** Connections closed as they came, past the ones open at once. */
  readonly droppedConnections: number;
}

interface Totals {
  requests: number;
  bytes: number;
}

export interface ScenarioIntake {
  /** A request arrives: counted; false once a budget is passed (the request is then counted, not kept). */
  admit(): boolean;
  /** Body bytes arrive: counted; false once they pass a byte budget. */
  take(bytes: number): boolean;
  refuse(): void;
  dropConnection(): void;
  counts(): IntakeCounts;
  /**
   * A request message of `bytes` was taken in: drawn from the run's parse budget, in the order the
   * judge reads them; why it is not parsed as a message, when it is not.
   */
  parse(bytes: number): string | undefined;
}

export interface RunIntake {
  /** The intake of the next scenario, drawing on the run's budgets. */
  scenario(): ScenarioIntake;
}

/** `parseBytes`: the run's parse budget (tests make it small to reach it with small messages). */
export function runIntake(parseBytes = MAX_CLIENT_PARSED_BYTES): RunIntake {
  const run: Totals = { requests: 0, bytes: 0 };
  const parsing = new ParseBudget(parseBytes);
  return {
    scenario() {
      const own: Totals = { requests: 0, bytes: 0 };
      let refused = 0;
      let droppedConnections = 0;
      let budget: string | undefined;
      /** The first budget the totals pass, remembered for the finding. */
      const within = (): boolean => {
        budget ??=
          own.requests > BUDGETS.scenarioRequests
            ? `${BUDGETS.scenarioRequests} requests per scenario`
            : own.bytes > BUDGETS.scenarioBytes
              ? `${mib(BUDGETS.scenarioBytes)} per scenario`
              : run.requests > BUDGETS.runRequests
                ? `${BUDGETS.runRequests} requests per run`
                : run.bytes > BUDGETS.runBytes
                  ? `${mib(BUDGETS.runBytes)} per run`
                  : undefined;
        return budget === undefined;
      };
      return {
        admit() {
          own.requests += 1;
          run.requests += 1;
          return within();
        },
        take(bytes) {
          own.bytes += bytes;
          run.bytes += bytes;
          return within();
        },
        refuse: () => void (refused += 1),
        dropConnection: () => void (droppedConnections += 1),
        counts: () => ({ ...own, refused, droppedConnections, ...(budget ? { budget } : {}) }),
        parse: (bytes) => parsing.take(bytes),
      };
    },
  };
}

const mib = (bytes: number) =>
  `${bytes >= 10 * MiB ? Math.round(bytes / MiB) : (bytes / MiB).toFixed(1).replace(/\.0$/, '')} MiB`;

/** The finding of a scenario whose client passed a budget (none when it stayed within them). */
export function intakeFindings(c: IntakeCounts): string[] {
  const findings: string[] = [];
  if (c.budget)
    findings.push(
      `${c.requests} requests, ${mib(c.bytes)} sent; budget ${c.budget} (${c.refused} requests past it counted and refused, not kept)`,
    );
  if (c.droppedConnections)
    findings.push(
      `${c.droppedConnections} connections closed as they came: more than ${BUDGETS.openConnections} open at once`,
    );
  return findings;
}

export interface Body {
  /** Bytes read, plus the rest its Content-Length announced when the kit stopped reading. */
  readonly bytes: number;
  /** The body as text, when it was kept whole (within its own cap and the budgets). */
  readonly text?: string;
  /**
   * Its bytes, when they are not well-formed UTF-8: `text` then holds U+FFFD for the bad ones, so
   * the core must read these instead, as the service reads a posted body (and refuses it).
   */
  readonly malformed?: Uint8Array;
  /** It passed a budget: refused, not kept, and not read further (the connection is to be closed). */
  readonly overBudget: boolean;
}

const declaredLength = (req: IncomingMessage): number => {
  const value = req.headers['content-length'] ?? '';
  return /^\d+$/.test(value) ? Number(value) : 0;
};

/**
 * A request body, read as it streams: kept up to its own cap while the budgets hold, counted past
 * it. A request past a budget is not read at all, and a body that passes one is read no further:
 * what it announced is counted, and the kit does not spend its time or memory on the rest.
 */
export function readBody(req: IncomingMessage, intake: ScenarioIntake, admitted: boolean): Promise<Body> {
  const declared = declaredLength(req);
  if (!admitted) {
    intake.take(declared);
    return Promise.resolve({ bytes: declared, overBudget: true });
  }
  return new Promise((resolve) => {
    // One buffer, not a Buffer per chunk: a client may send its body a byte at a time (body-bytes.ts).
    const kept = new BodyBytes(BUDGETS.keptBodyBytes);
    let bytes = 0;
    let settled = false;
    const done = (overBudget: boolean) => {
      if (settled) return;
      settled = true;
      req.removeListener('data', onData);
      const whole = !overBudget && bytes <= BUDGETS.keptBodyBytes;
      if (!whole) return resolve({ bytes, overBudget });
      const view = kept.bytes();
      const body = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
      resolve({ bytes, overBudget, text: body.toString('utf8'), ...(isUtf8(body) ? {} : { malformed: body }) });
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (!intake.take(chunk.length)) {
        const announced = Math.max(0, declared - bytes);
        intake.take(announced);
        bytes += announced;
        kept.clear();
        done(true);
        return;
      }
      if (bytes > BUDGETS.keptBodyBytes) kept.clear();
      else kept.add(chunk);
    };
    req.on('data', onData);
    req.once('end', () => done(false));
    req.once('error', () => done(false));
    req.once('close', () => done(false));
  });
}
