import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_LIST_LIMIT, validateMessage } from '../../src/engine/index.ts';
import { answerByteBound } from '../../src/standard/limits.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { worstShapes } from '../../bench/worst-shape-bodies.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The worst shapes over a real socket, on whichever host the run targets (`npm start`, Prism's
 * validating proxy, Netlify's emulation): a typed answer within the answer bound, with the counts
 * of the check with no issue limit. tests/http-inprocess/worst-shapes.test.ts takes every shape
 * through the cores; these are the widest few, end to end.
 */
let server: RunningServer;
beforeAll(async () => void (server = await startServer()));
afterAll(async () => server?.stop());

const site = siteFor();
const FAMILIES = /\/(wide-empty:\/body\/constraints|duplicates|unknown)$/;
const shapes = worstShapes().filter((s) => s.profile === 'uai.intent.request.v1' && FAMILIES.test(s.name));

const oracle = (text: string) =>
  validateMessage(JSON.parse(text), { mode: 'keyed-json', site, now: new Date(), text, issueLimit: Infinity });

describe('worst shapes over HTTP', () => {
  it.each(shapes.map((s) => [s.name, s] as const))('%s', async (_name, shape) => {
    // Repeated names exist only in the bytes, which a validating proxy parses and writes anew.
    const base = shape.name.endsWith('/duplicates') ? server.direct : server.base;
    const response = await fetch(`${base}/v1/${shape.route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: shape.text,
    });
    const body = await response.text();
    expect(response.status, body.slice(0, 300)).toBeLessThan(500);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(answerByteBound(Buffer.byteLength(shape.text)));
    const answer = JSON.parse(body);
    const truth = oracle(shape.messageText);
    const verdict =
      shape.route === 'validate'
        ? answer
        : shape.route === 'check-exchange'
          ? answer.response_validation
          : shape.route === 'mock-exchange'
            ? answer.request.validation
            : undefined;
    if (verdict) {
      expect([verdict.error_count, verdict.warning_count, verdict.conformance_level]).toEqual([
        truth.error_count,
        truth.warning_count,
        truth.conformance_level,
      ]);
      expect(verdict.errors.length + verdict.warnings.length).toBe(Math.min(truth.issue_count, ISSUE_LIST_LIMIT));
    } else {
      // The reference server's bare answer: refused when the message has errors, and clean either way.
      expect(answer.profile).toBe(truth.error_count > 0 ? 'uai.error.v1' : 'uai.intent.response.v1');
      const clean = validateMessage(answer, { mode: 'keyed-json', site, now: new Date() });
      expect([clean.error_count, clean.warning_count]).toEqual([0, 0]);
    }
  });
});
