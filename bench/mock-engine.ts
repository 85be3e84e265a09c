/**
 * Mock exchange per call, engine only (no HTTP): mockExchangeAction on the published intent
 * request example, plus the JSON.stringify the HTTP shell does, as the POST route runs it.
 */
import { mockExchangeAction, publishedExamples } from '../src/engine/index.ts';
import { siteFor } from '../src/standard/urls.ts';
import { microsPerCall, spread, type Spread } from './stats.ts';

export interface MockEngineFigures {
  readonly bytes: number;
  readonly perCallUs: Spread;
}

export function benchMockEngine(options: { smoke?: boolean } = {}): MockEngineFigures {
  const site = siteFor();
  const now = () => new Date('2026-11-02T10:00:00Z');
  const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  const text = JSON.stringify({ message: request });
  const call = () => {
    const outcome = mockExchangeAction(JSON.parse(text), { site, now });
    if (!outcome.ok) throw new Error(`mock exchange failed: ${outcome.code}`);
    JSON.stringify(outcome.body);
  };
  const n = options.smoke ? 20 : 1000;
  const batches = options.smoke ? 3 : 15;
  return { bytes: Buffer.byteLength(text), perCallUs: spread(microsPerCall(call, n, batches)) };
}
