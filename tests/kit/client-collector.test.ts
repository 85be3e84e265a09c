import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { COLLECT_AFTER, ShrinkingPacer } from '../../src/kit/client/collector.ts';

/**
 * The client kit's collection after the messages it parses (src/kit/client/collector.ts): parse
 * trees of 256 KiB messages grow V8's young generation, which a regular full collection keeps; the
 * pacer's collection gives it back, and only once enough has been parsed.
 */
const MiB = 1024 * 1024;
const youngGeneration = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

/** What the servers go through with a client posting wide messages: trees parsed, a few alive at once. */
function parseTrees(): void {
  const text = `{"x":[${'{},'.repeat(87_000)}{}]}`;
  const alive: unknown[] = [];
  for (let i = 0; i < 30; i++) {
    alive.push(JSON.parse(text));
    if (alive.length > 3) alive.shift();
  }
}

describe('the client kit collects what parsing leaves, and gives the young generation back', () => {
  it('once COLLECT_AFTER bytes were parsed, and not before', () => {
    parseTrees();
    const grown = youngGeneration();
    // What the pacer is there for: V8 grew its young generation for the trees.
    expect(grown).toBeGreaterThan(16 * MiB);
    const pacer = new ShrinkingPacer();
    pacer.took(COLLECT_AFTER - 1);
    expect(youngGeneration()).toBe(grown);
    pacer.took(1);
    expect(youngGeneration()).toBeLessThan(grown / 4);
  });
});
