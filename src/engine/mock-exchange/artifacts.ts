/**
 * What a completed response carries inline (CONTRACT section 6): the schema, the published example
 * message and the body's field order map of a profile. They come from the same artifacts as the
 * published records (../artifacts/, and the schemas generated from the schema builder that
 * ../profile-schemas.ts reads), so the inline copies equal GET /v1/schemas, /v1/examples and
 * /v1/field-registry. Building them validates an example, so they are built once per origin.
 */
import { publishedExamples } from '../artifacts/examples.ts';
import { constantForm } from '../jcs.ts';
import { compactFieldOrderMaps } from '../artifacts/order-maps.ts';
import { isProfileId, PROFILE_IDS } from '../../standard/profiles.ts';
import type { JsonSchema } from '../../standard/schemas.ts';
import { profileSchema } from '../profile-schemas.ts';
import type { Site } from '../../standard/urls.ts';

export interface ProfileArtifacts {
  readonly schema: JsonSchema;
  readonly example: Record<string, unknown>;
  readonly fieldOrderMap: Record<string, unknown>;
}

const cache = new Map<string, ReadonlyMap<string, ProfileArtifacts>>();

function build(site: Site): ReadonlyMap<string, ProfileArtifacts> {
  const examples = publishedExamples(site);
  const maps = compactFieldOrderMaps(examples);
  const out = new Map<string, ProfileArtifacts>();
  for (const id of PROFILE_IDS) {
    const example = examples.find((e) => e.profile === id);
    const map = maps.find((m) => 'profile_identifier' in m && m.profile_identifier === id);
    if (!example || !map) continue;
    // Frozen copies with remembered canonical forms: sealing and checking a completed response
    // then looks these up instead of serializing them again on every call.
    out.set(id, {
      schema: constantForm(structuredClone(profileSchema(site, id))),
      example: constantForm(structuredClone(example.message)),
      fieldOrderMap: constantForm(structuredClone(map as Record<string, unknown>)),
    });
  }
  return out;
}

/** The inline artifacts of a current profile, built once per origin; undefined for any other value. */
export function profileArtifacts(site: Site, profile: unknown): ProfileArtifacts | undefined {
  if (!isProfileId(profile)) return undefined;
  let set = cache.get(site.origin);
  if (!set) {
    set = build(site);
    cache.set(site.origin, set);
  }
  return set.get(profile);
}
