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

export function createRateLimiter(options: RateLimitOptions = {}) {
  const limit = options.limit ?? RATE_LIMIT;
  const windowMs = options.windowMs ?? RATE_WINDOW_SECONDS * 1000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();

  function prune(t: number) {
    for (const [key, w] of windows) if (t - w.start >= windowMs) windows.delete(key);
  }

  return function check(client: string, route: string): RateDecision {
    const t = now();
    if (windows.size > 10_000) prune(t);
    const key = `${route}\u0000${client}`;
    let w = windows.get(key);
    if (!w || t - w.start >= windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    if (w.count <= limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)) };
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
