/**
 * Reading a recorded exchange as the judge does: bodies kept whole as text and JSON (a byte order
 * mark aside, which message.encoding reports), keyless messages in keyed form, media types.
 */
import { isRecord, messageFromKeyless, targetPath, valueAt } from '../../engine/index.ts';
import type { KitSide } from '../../standard/kit-checks.ts';
import { parseJson, unparsedReason } from '../judge/json.ts';
import type { RecordedBody } from './recording.ts';

export const textOf = (b: RecordedBody): string | undefined => (b.truncated ? undefined : b.text);
/** Why a body kept whole is not parsed: more bytes than one message the kit parses (judge/json.ts). */
export const unparsedOf = (b: RecordedBody): string | undefined => (b.truncated ? undefined : unparsedReason(b.bytes));
/**
 * A body as JSON, within the bytes the kit parses; a byte order mark is message.encoding's to
 * report, not a reason to read no message.
 */
export const parse = (text: string | undefined): unknown =>
  text === undefined ? undefined : parseJson(text.replace(/^\uFEFF/, ''), Buffer.byteLength(text));
export const keyed = (m: unknown) => (Array.isArray(m) ? messageFromKeyless(m).value : m);
export const isMessage = (m: unknown) => isRecord(keyed(m)) && typeof valueAt(keyed(m), '/profile') === 'string';
/**
 * The path a request-target names, as the upstream resolving it reads it (RFC 3986 section 6.2.2:
 * `/v1/./x` and `/v1/%78` are `/v1/x`): a client's message sent there is judged, not passed by.
 */
export const pathOf = (target: string) => targetPath(target);

/** Records a finding of a check (on the check's side unless a fault names another) and that the check judged. */
export type Find = (check: string, path: string, message: string, side?: KitSide) => void;
