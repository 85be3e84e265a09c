import type { ConformanceLevelId } from '../../standard/levels.ts';
import type { Site } from '../../standard/urls.ts';
import type { Issue } from '../issues.ts';

export type NormalizationMode = 'keyed-json' | 'keyless-json';

export interface ValidateOptions {
  readonly mode: NormalizationMode;
  readonly site: Site;
  /** The clock reading of the check (checked_at). */
  readonly now: Date;
  /**
   * The JSON text the input was parsed from, when the caller has it (the HTTP shell, the CLI):
   * duplicate member names exist only there (message.duplicate_member).
   */
  readonly text?: string;
  /**
   * How many issues the result lists (default ISSUE_LIST_LIMIT, the published bound). Counts are
   * exact whatever it is; Infinity lists every issue, for offline tools and the tests' oracle.
   */
  readonly issueLimit?: number;
}

/** normalization block of the validator result (spec 2.4). */
export interface Normalization {
  readonly mode: NormalizationMode;
  readonly status: 'current';
  readonly supported: true;
  /** The shape the mode reads: json-object for keyed-json, json-array for keyless-json. */
  readonly input_shape: 'json-object' | 'json-array';
  /** True when a keyless array was converted to a keyed message. */
  readonly normalized: boolean;
  readonly registry_release: string;
  readonly registry_release_date: string;
  readonly field_registry_url: string;
  readonly canonicalization: 'jcs-compatible-sorted-json';
  /** sha256 over the RFC 8785 form of the whole keyed message; null when it has none (L0 failed). */
  readonly canonical_hash: string | null;
  /** UTF-8 byte length of that canonical form; null when it has none. */
  readonly byte_count: number | null;
}

/** The validator result (spec 2.4, CONTRACT section 4). Member order is the published order. */
export interface ValidatorResult {
  readonly valid: boolean;
  readonly checked_at: string;
  /** Profile of the checked message; null when it has no string profile. */
  readonly profile: string | null;
  readonly current_release: string;
  readonly uai_version: string;
  readonly schema_route_url: string;
  readonly registry_route_url: string;
  readonly issue_count: number;
  readonly error_count: number;
  readonly warning_count: number;
  /**
   * How many issues errors and warnings list, present only when the list was cut at the issue
   * limit (docs/contract.md, "Limits"); the counts above always count every issue.
   */
  readonly issues_listed?: number;
  readonly errors: Issue[];
  readonly warnings: Issue[];
  readonly status: 'pass' | 'fail';
  readonly normalization: Normalization;
  readonly conformance_record: Record<string, unknown>;
  readonly download_filename: string;
  /** Highest conformance level reached (CONTRACT section 7); null when not even L0 holds. */
  readonly conformance_level: ConformanceLevelId | null;
}

/**
 * The validator result without its conformance record: POST /v1/validate's format summary, each
 * message's verdict in an exchange check, and what every `uai validate` format but json shows.
 */
export type ValidatorSummary = Omit<ValidatorResult, 'conformance_record'>;
