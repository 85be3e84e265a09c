import { DEFAULT_ORIGIN, siteFor, type Site } from './standard/site.ts';

/**
 * The one setting of the service (CONTRACT section 1): UAI_ORIGIN, read by the shells (build,
 * functions, local server) and passed into the engine. Nothing else reads the environment.
 */
export function configuredSite(env: Readonly<Record<string, string | undefined>> = process.env): Site {
  return siteFor(env.UAI_ORIGIN || DEFAULT_ORIGIN);
}
