/** The six current profiles of UAI-1 (CONTRACT section 2). */
export const PROFILE_IDS = [
  'uai.intent.request.v1',
  'uai.intent.response.v1',
  'uai.task.status.v1',
  'uai.error.v1',
  'uai.capability.statement.v1',
  'uai.conformance.result.v1',
] as const;

export type ProfileId = (typeof PROFILE_IDS)[number];

/**
 * Id of the shared envelope schema, the one published schema that is not a profile's (schemas.ts).
 * Here rather than in schemas.ts so that the engine can name it without the schema builders.
 */
export const ENVELOPE_SCHEMA_ID = 'uai.envelope.v1';

export interface Profile {
  readonly id: ProfileId;
  readonly title: string;
  readonly role: 'request' | 'response' | 'status' | 'error' | 'capability' | 'evidence';
  readonly status: 'current';
  readonly summary: string;
  /** Profiles that answer a message of this profile. */
  readonly answeredBy: readonly ProfileId[];
  /** Profiles this one answers. */
  readonly answers: readonly ProfileId[];
}

export const PROFILES: readonly Profile[] = [
  {
    id: 'uai.intent.request.v1',
    title: 'Intent request',
    role: 'request',
    status: 'current',
    summary: 'Asks a party to resolve an intent about a subject profile.',
    answeredBy: ['uai.intent.response.v1', 'uai.error.v1'],
    answers: [],
  },
  {
    id: 'uai.intent.response.v1',
    title: 'Intent response',
    role: 'response',
    status: 'current',
    summary: 'Answers an intent request: accepted (asynchronous task), completed (synchronous result) or rejected.',
    answeredBy: ['uai.task.status.v1'],
    answers: ['uai.intent.request.v1'],
  },
  {
    id: 'uai.task.status.v1',
    title: 'Task status',
    role: 'status',
    status: 'current',
    summary: 'Reports the progress of an accepted asynchronous task.',
    answeredBy: [],
    answers: ['uai.intent.response.v1'],
  },
  {
    id: 'uai.error.v1',
    title: 'Typed error',
    role: 'error',
    status: 'current',
    summary: 'A typed, path-aware failure with a published error code.',
    answeredBy: [],
    answers: ['uai.intent.request.v1'],
  },
  {
    id: 'uai.capability.statement.v1',
    title: 'Capability statement',
    role: 'capability',
    status: 'current',
    summary: 'States what a party supports: profiles, operations, endpoints, bindings and trust.',
    answeredBy: [],
    answers: [],
  },
  {
    id: 'uai.conformance.result.v1',
    title: 'Conformance result',
    role: 'evidence',
    status: 'current',
    summary: 'Validator evidence about one checked message.',
    answeredBy: [],
    answers: [],
  },
];

const known = new Set<string>(PROFILE_IDS);
export const isProfileId = (value: unknown): value is ProfileId => typeof value === 'string' && known.has(value);
export const profileById = (id: ProfileId): Profile => PROFILES.find((p) => p.id === id)!;

/** Form of every profile identifier (spec 2.1): `uai.<name>.v<N>`. */
export const PROFILE_ID_PATTERN = '^uai\\.[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)*\\.v[1-9][0-9]*$';

const PROFILE_ID_RE = new RegExp(PROFILE_ID_PATTERN);

/** A profile identifier of the right form that no registry lists (a malformed one fails its pattern instead). */
export const isUnregisteredProfileId = (value: unknown): value is string =>
  typeof value === 'string' && PROFILE_ID_RE.test(value) && !known.has(value);

/**
 * The profile an intent request is answered with (besides uai.error.v1, which answers any request
 * it refuses): the reference server declines a request naming another as its response_profile.
 */
export const INTENT_ANSWER_PROFILE = 'uai.intent.response.v1';
