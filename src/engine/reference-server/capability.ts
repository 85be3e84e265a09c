/**
 * The reference server's capability statement: the published uai.capability.statement.v1 example,
 * which names this server's own endpoints, sealed as the examples record seals it.
 */
import { seal } from '../canonical.ts';
import type { JsonObject } from '../json.ts';
import { exampleSources } from '../../standard/examples.ts';
import type { Site } from '../../standard/urls.ts';

const byOrigin = new Map<string, JsonObject>();

export function capabilityStatement(site: Site): JsonObject {
  let statement = byOrigin.get(site.origin);
  if (!statement) {
    const source = exampleSources(site).find((e) => e.profile === 'uai.capability.statement.v1')!;
    statement = seal(structuredClone(source.message));
    byOrigin.set(site.origin, statement);
  }
  return statement;
}
