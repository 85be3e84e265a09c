/**
 * In-memory fixed-window rate limiter for the local server (CONTRACT section 8: 120 POSTs per
 * minute per client address per route). Netlify enforces the same numbers through each
 * function's config.rateLimit, so this module only runs on `npm start`.
 */
export interface RateLimitOptions {
  readonly limit?: number;
  readonly windowMs?: number;
  readonly now?: () => number;
}

export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export const RATE_LIMIT = 120;
export const RATE_WINDOW_SECONDS = 60;

/**
 * The most windows kept at once. Routes are the functions' (a handful), so the keys grow only with
 * client addresses; past this many, the oldest windows are dropped first, so no stream of new
 * addresses can grow the map, or the time of a check, without bound.
 */
export const MAX_WINDOWS = 10_000;

export function createRateLimiter(options: RateLimitOptions = {}) {
  const limit = options.limit ?? RATE_LIMIT;
  const windowMs = options.windowMs ?? RATE_WINDOW_SECONDS * 1000;
  const now = options.now ?? Date.now;
  // In the order the windows started (a window started again moves to the end): the oldest come first.
  const windows = new Map<string, { start: number; count: number }>();

  /** Drops the windows that have ended, then the oldest past MAX_WINDOWS: only from the front, so each is visited once. */
  function prune(t: number) {
    for (const [key, w] of windows) {
      if (t - w.start < windowMs && windows.size < MAX_WINDOWS) break;
      windows.delete(key);
    }
  }

  return function check(client: string, route: string): RateDecision {
    const t = now();
    const key = `${route}\u0000${client}`;
    let w = windows.get(key);
    if (!w || t - w.start >= windowMs) {
      w = { start: t, count: 0 };
      windows.delete(key);
      windows.set(key, w);
      prune(t);
    }
    w.count++;
    if (w.count <= limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) };
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
