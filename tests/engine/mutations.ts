import fc from 'fast-check';

/**
 * Random edits of a message for property tests: delete, replace or insert a member or an item at
 * any depth, with values that are plain JSON, near-misses of registered values, or awkward keys.
 */
type Container = Record<string, unknown> | unknown[];
/** Every container of a value, with itself first. */
function containers(value: unknown, out: Container[] = []): Container[] {
  if (typeof value === 'object' && value !== null) {
    out.push(value as Container);
    for (const child of Object.values(value)) containers(child, out);
  }
  return out;
}

export const op = fc.record({
  kind: fc.constantFrom('delete', 'replace', 'insert'),
  at: fc.nat(),
  member: fc.nat(),
  key: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('messageId', 'Profile', '__proto__', 'task_ref', 'critical'),
  ),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('', 'uai.intent.request.v2', 'accepted', 'did:web:x', 'completed', true, 2, -1, 1.5),
  ),
});

export type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

export function mutate(base: Record<string, unknown>, ops: Op[]): unknown {
  const m = structuredClone(base);
  for (const op of ops) {
    // Values are copied: fast-check hands the same object to several runs.
    const o = { ...op, value: structuredClone(op.value) };
    const all = containers(m);
    const target = all[o.at % all.length]!;
    const keys = Object.keys(target);
    const key = keys.length ? keys[o.member % keys.length]! : o.key;
    if (Array.isArray(target)) {
      const i = keys.length ? Number(key) : 0;
      if (o.kind === 'delete') target.splice(i, 1);
      else if (o.kind === 'replace') target[i] = o.value;
      else target.splice(i, 0, o.value);
    } else if (o.kind === 'delete') delete target[key];
    else if (o.kind === 'replace') target[key] = o.value;
    else Object.defineProperty(target, o.key, { value: o.value, enumerable: true, writable: true, configurable: true });
  }
  return m;
}
