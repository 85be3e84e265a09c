import { DEFAULT_ORIGIN } from '../standard/urls.ts';

/**
 * Replaced by a string literal when the package is built for release (scripts/package/build.ts,
 * esbuild `define`, from UAI_ORIGIN at pack time); never defined in this repository.
 */
declare const __UAI_RELEASE_ORIGIN__: string | undefined;

/**
 * The origin `uai` and the library link findings' help to (help_url, SARIF helpUri) when neither
 * --origin nor UAI_ORIGIN says otherwise: the standard's public site in a released package, the
 * local server (`npm start`) when run from this repository.
 */
export const PACKAGE_ORIGIN: string =
  typeof __UAI_RELEASE_ORIGIN__ === 'string' ? __UAI_RELEASE_ORIGIN__ : DEFAULT_ORIGIN;
