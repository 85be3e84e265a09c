import { DEFAULT_ORIGIN, siteFor, type Site } from '../standard/urls.ts';

/**
 * The one setting of the service (CONTRACT section 1): UAI_ORIGIN, read by the shells (build,
 * functions, local server) and passed into the engine. Nothing else reads the environment.
 * On Netlify, where a variable set in netlify.toml never reaches the functions, a deploy that
 * sets no UAI_ORIGIN takes the site's main address, `URL`, which Netlify provides both to the
 * build and to the functions at run time. `fallback` is the origin when neither is set: the local
 * server's, or a released package's public site (src/cli/package-origin.ts).
 */
export function configuredSite(
  env: Readonly<Record<string, string | undefined>> = process.env,
  fallback: string = DEFAULT_ORIGIN,
): Site {
  return siteFor(env.UAI_ORIGIN || env.URL || fallback);
}
