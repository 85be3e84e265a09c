/** Release facts of UAI-1 (spec section 9). Everything that reports a release reads these. */
export const RELEASE = 'UAI-1';
export const UAI_VERSION = '1.0';
export const REGISTRY_RELEASE_DATE = '2026-11-01';
export const INTEGRITY_VERSION = 2;
/** The instant used in published examples, so that builds are byte-for-byte reproducible. */
export const EXAMPLE_EPOCH = '2026-11-01T09:00:00Z';
/** JSON Schema dialect of every published schema (CONTRACT section 1). */
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
