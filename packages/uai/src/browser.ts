/**
 * The browser entry (`@uai-1/uai/browser`): what runs without Node built-ins, the modules the
 * site's playground scripts use (src/engine/browser.ts). Validation itself needs the SHA-256 of
 * node:crypto for the checksum, so it stays in the main entry (or behind POST /v1/validate).
 */
export * from '../../../src/engine/browser.ts';
export { RELEASE, UAI_VERSION } from '../../../src/standard/release.ts';
export { PROFILE_IDS, type ProfileId } from '../../../src/standard/profiles.ts';
