/**
 * The kit's one way to the network: bounded. Requests go one at a time, each with a timeout,
 * within a total time cap and a request budget, and only to the origin of the endpoint under test
 * (or of a capability URL given explicitly). Nothing else is ever contacted.
 */
export interface Limits {
  /** Per request, milliseconds. */
  readonly timeoutMs: number;
  /** For the whole run, milliseconds. */
  readonly totalMs: number;
  readonly maxRequests: number;
}

export const DEFAULT_LIMITS: Limits = { timeoutMs: 10_000, totalMs: 60_000, maxRequests: 50 };

export interface Answer {
  readonly status: number;
  readonly mediaType: string;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

export class KitHttpError extends Error {}

export interface KitHttp {
  send(method: 'GET' | 'POST', url: string, body?: { text: string; mediaType: string }): Promise<Answer>;
  /** Whether the kit may contact this URL at all. */
  allows(url: string): boolean;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function kitHttp(allowedOrigins: readonly string[], limits: Limits = DEFAULT_LIMITS): KitHttp {
  const deadline = Date.now() + limits.totalMs;
  let sent = 0;
  return {
    allows: (url) => URL.canParse(url) && allowedOrigins.includes(new URL(url).origin),
    async send(method, url, body) {
      const target = new URL(url);
      if (!allowedOrigins.includes(target.origin))
        throw new KitHttpError(
          `refused to contact ${target.origin}: the kit only sends to ${allowedOrigins.join(', ')}`,
        );
      if (sent >= limits.maxRequests) throw new KitHttpError(`request budget of ${limits.maxRequests} used up`);
      const left = deadline - Date.now();
      if (left <= 0) throw new KitHttpError(`total time cap of ${limits.totalMs} ms reached`);
      sent += 1;
      let response: Response;
      try {
        response = await fetch(target, {
          method,
          redirect: 'manual',
          headers: body
            ? { 'content-type': body.mediaType, accept: 'application/json' }
            : { accept: 'application/json' },
          ...(body ? { body: body.text } : {}),
          signal: AbortSignal.timeout(Math.min(limits.timeoutMs, left)),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${Math.min(limits.timeoutMs, left)} ms`
            : `cannot reach ${target.origin} (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`;
        throw new KitHttpError(`${method} ${url}: ${reason}`);
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes.subarray(0, MAX_ANSWER_BYTES));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return {
        status: response.status,
        mediaType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
        text,
        json,
      };
    },
  };
}
