import { PROFILE_SCHEMAS } from './generated/profile-schemas.js';
import type { ProfileId } from '../standard/profiles.ts';
import type { JsonSchema } from '../standard/schemas.ts';
import { links, type Site } from '../standard/urls.ts';

/**
 * The published schema of a profile for a site, as GET /v1/schemas serves it: generated for the
 * default origin (src/engine/generated/profile-schemas.js), its $id set to the site's. The engine
 * reads them as data so that no function carries the schema builders and the field model's prose.
 */
export const profileSchema = (site: Site, id: ProfileId): JsonSchema => ({
  ...PROFILE_SCHEMAS[id],
  // Set in place: $id keeps its position among the members, so the JSON is the published one.
  $id: links(site).schema(id),
});
