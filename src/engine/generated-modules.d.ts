/**
 * Lets `tsc --noEmit` run before `npm run generate` has written src/engine/generated/ (gitignored).
 * Once generated, the module's own .d.ts (written by the generator) takes precedence.
 */
declare module '*/generated/schema-validators.js' {
  export const validators: import('./schema-validator-types.ts').SchemaValidatorMap;
}

declare module '*/generated/field-model.js' {
  export const OBJECTS: readonly import('../standard/model.ts').ObjectShape[];
}

declare module '*/generated/profile-schemas.js' {
  export const PROFILE_SCHEMAS: {
    readonly [id in import('../standard/profiles.ts').ProfileId]: import('../standard/schemas.ts').JsonSchema;
  };
}

declare module '*/generated/published-checks.js' {
  export const PUBLISHED_CHECK_IDS: readonly string[];
  export const PUBLISHED_CHECK_LEVELS: string;
}
