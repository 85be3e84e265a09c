import { parseJson } from '../../engine/index.ts';
import { charsetOf, isUtf8Charset } from '../../http/headers.ts';
import { BEGINS_WITH_BOM } from '../judge/json.ts';

/**
 * The bytes of an answer, judged as the service judges a posted body (src/http/request-body.ts)
 * and as RFC 8259 section 8.1 and I-JSON (RFC 7493 section 2.1) define JSON text between systems:
 * UTF-8, no byte order mark, one JSON value with nothing but whitespace around it, and no charset
 * parameter other than utf-8. Repeated member names are the validator's to report (it reads the
 * answer's text, see verdicts.ts).
 */
/** What the check reads of an answer (server/http.ts's Answer, or a body the proxy recorded). */
export interface AnswerBytes {
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** The body as parsed, when it was (undefined when it is no JSON, or was not parsed). */
  readonly json: unknown;
  /** Why a body was not parsed (too large): whether it is one JSON value is then not judged. */
  readonly unparsed?: string | undefined;
  /** The codings applied to the body as sent, as their headers name them ('' or absent: none). */
  readonly codings?: { readonly content: string; readonly transfer: string } | undefined;
}

/**
 * What codings the body was sent in that the kit did not ask for. It asks for none (Accept-Encoding:
 * identity, no TE), so a content coding other than identity (RFC 9110 section 8.4) or a transfer
 * coding other than chunked (RFC 9112 section 7) means the bytes are not the JSON text itself,
 * whatever a client could or could not undo: an unknown coding passes nowhere, gzip is no UTF-8.
 */
export function unaskedCodings(codings: AnswerBytes['codings']): string[] {
  const list = (v: string) =>
    v
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean);
  const content = list(codings?.content ?? '').filter((c) => c !== 'identity');
  const transfer = list(codings?.transfer ?? '').filter((c) => c !== 'chunked');
  return [
    ...(content.length
      ? [
          `Content-Encoding: ${codings!.content.slice(0, 80)}, though the request asked for none (Accept-Encoding: identity): the body is not the JSON text as sent (RFC 9110 section 8.4)`,
        ]
      : []),
    ...(transfer.length
      ? [
          `Transfer-Encoding: ${codings!.transfer.slice(0, 80)}, though the request allowed only chunked (no TE): the body is not the JSON text as sent (RFC 9112 section 7)`,
        ]
      : []),
  ];
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const shown = (text: string) => JSON.stringify(text.slice(0, 40));

/**
 * A body too large to parse, judged as it streams: its start is kept, its bytes are checked as
 * UTF-8 on the way and let go, so an answer of 4 MB costs the kit its start, not 4 MB twice over
 * (its chunks and their concatenation) until the collector gets to them.
 */
export class StreamedBody {
  readonly #decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  readonly #head: Uint8Array;
  #headLength = 0;
  #total = 0;
  #wellFormed = true;
  #blank = true;

  /** `keep`: how many bytes of its start the body keeps as evidence. */
  constructor(keep: number) {
    this.#head = new Uint8Array(keep);
  }

  take(chunk: Uint8Array): void {
    this.#total += chunk.length;
    if (this.#headLength < this.#head.length) {
      const part = chunk.subarray(0, this.#head.length - this.#headLength);
      this.#head.set(part, this.#headLength);
      this.#headLength += part.length;
    }
    if (this.#wellFormed) this.#read(() => this.#decoder.decode(chunk, { stream: true }));
  }

  get total(): number {
    return this.#total;
  }

  /** The kept start: a copy, so the body itself can go. */
  get head(): Uint8Array {
    return this.#head.slice(0, this.#headLength);
  }

  /** Ends the stream: whether the bytes were well-formed UTF-8, and whether their text was only whitespace. */
  finish(): StreamedText {
    if (this.#wellFormed) this.#read(() => this.#decoder.decode());
    return { wellFormed: this.#wellFormed, blank: this.#blank };
  }

  #read(decode: () => string): void {
    try {
      const text = decode();
      // String.prototype.trim's whitespace (U+FEFF among it), piece by piece: blank only if every piece is.
      if (this.#blank && text.trim() !== '') this.#blank = false;
    } catch {
      this.#wellFormed = false;
    }
  }
}

/** What StreamedBody found of a body's text. */
export interface StreamedText {
  readonly wellFormed: boolean;
  readonly blank: boolean;
}

/**
 * What is wrong with the bytes of a JSON answer (empty when nothing is). `streamed`: the body was
 * read by StreamedBody (too large to parse), and `answer.bytes` is its start.
 */
export function judgeEncoding(answer: AnswerBytes, streamed?: StreamedText): string[] {
  // Coded bytes are not the text: nothing below could be said of them.
  const coded = unaskedCodings(answer.codings);
  if (coded.length) return coded;
  const problems: string[] = [];
  const charset = charsetOf(answer.contentType);
  if (charset !== undefined && !isUtf8Charset(charset))
    problems.push(`Content-Type says charset=${charset}; JSON between systems is UTF-8 (RFC 8259 section 8.1)`);
  const { bytes } = answer;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) problems.push(`the body ${BEGINS_WITH_BOM}`);
  if (streamed) {
    if (!streamed.wellFormed) problems.push('the body is not well-formed UTF-8 (RFC 7493 section 2.1)');
    else if (streamed.blank) problems.push('the body is empty: no JSON value');
    return problems;
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    problems.push('the body is not well-formed UTF-8 (RFC 7493 section 2.1)');
    return problems;
  }
  // Too large to parse: its bytes are judged, whether it is one JSON value is not.
  if (answer.json !== undefined || answer.unparsed !== undefined || text.trim() === '') {
    if (text.trim() === '') problems.push('the body is empty: no JSON value');
    return problems;
  }
  // Not JSON as a whole: say whether a value starts later (data before it) or the text is no JSON at all.
  const start = text.search(/[{[]/);
  const lead = start > 0 ? text.slice(0, start) : '';
  if (lead.trim() !== '' && parses(text.slice(start)))
    problems.push(`${shown(lead)} precedes the JSON value (RFC 8259 section 2: only whitespace may)`);
  else problems.push(`the body is not one JSON value: ${shown(text)}`);
  return problems;
}

function parses(text: string): boolean {
  try {
    parseJson(text);
    return true;
  } catch {
    return false;
  }
}
