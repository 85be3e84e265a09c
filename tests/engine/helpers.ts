import { validateMessage, type NormalizationMode, type ValidatorResult } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/** Shared setup of the engine tests: one site, one fixed clock. */
export const site = siteFor('https://uai.example.org');
export const now = new Date('2026-11-02T10:00:00.250Z');

/** `text`: the JSON text the message was parsed from (text fixtures), as the shells pass it. */
export const check = (message: unknown, mode: NormalizationMode = 'keyed-json', text?: string): ValidatorResult =>
  validateMessage(message, text === undefined ? { mode, site, now } : { mode, site, now, text });

export const codesOf = (r: ValidatorResult): string[] =>
  [...new Set([...r.errors, ...r.warnings].map((i) => i.code))].sort();

export const fixtureInput = (f: { message?: unknown; text?: string }): unknown =>
  f.text !== undefined ? JSON.parse(f.text) : f.message;
