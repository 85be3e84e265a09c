/**
 * Terms every translation keeps in English: the words of the specification, the records and the
 * API. Translated pages use the term as it is here; the glossary page explains each one in the
 * page's language. A term's anchor is its slug.
 */
export interface GlossaryTerm {
  readonly term: string;
  /** English explanation (message id `glossary.<term>`). */
  readonly meaning: string;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    term: 'envelope',
    meaning: 'The outer object every message shares: version, profile, ids, parties, times and the body.',
  },
  { term: 'body', meaning: 'The part of a message that its profile defines.' },
  { term: 'profile', meaning: 'One kind of message, such as an intent request, with its own JSON Schema.' },
  { term: 'profile id', meaning: 'The identifier of a profile, such as `uai.intent.request.v1`.' },
  { term: 'field registry', meaning: 'The record of every key, its position in the keyless form and its value sets.' },
  { term: 'keyless', meaning: 'The compact form of a message: each object is an array ordered by its order map.' },
  { term: 'order map', meaning: "The order of an object's fields in the keyless form." },
  { term: 'checksum', meaning: "The SHA-256 digest of a message's canonical form, carried in the message." },
  { term: 'canonical form', meaning: 'The RFC 8785 serialization of a message, the same bytes for the same content.' },
  {
    term: 'conformance level',
    meaning: 'One step of the L0 to L4 ladder of what a message or an implementation satisfies.',
  },
  { term: 'issue code', meaning: 'The code of one finding of the validator, such as `schema.required`.' },
  { term: 'error code', meaning: 'The code of a problem response or of a `uai.error.v1` message.' },
  { term: 'record', meaning: 'One published JSON document under `/v1`, always in English.' },
  { term: 'JSON twin', meaning: 'The record that a page shows, linked from the page.' },
  { term: 'validator', meaning: 'The service that checks a message and reports every issue with its path.' },
  {
    term: 'mock exchange',
    meaning: 'A request sent to the reference server, which answers with a conforming response.',
  },
  { term: 'test kit', meaning: "The `uai test` command that checks an implementation's answers and exchanges." },
  { term: 'adoption kit', meaning: 'Starter files and a first message for a new implementation.' },
  { term: 'conformance pack', meaning: 'Schemas, registries and fixtures in one download.' },
];

/** Anchor of a term on the glossary page. */
export const termAnchor = (term: string): string => term.toLowerCase().replace(/[^a-z0-9]+/g, '-');
