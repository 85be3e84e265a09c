/**
 * POST /v1/check-exchange and `uai check-exchange`: one request and the response that answered
 * it, each validated as a message, and the pair judged by the exchange rules. The same function
 * serves the hosted route and the offline CLI, so both give identical verdicts.
 */
import type { EngineAction, EngineContext, Outcome, RequestSource } from '../api.ts';
import { memberTexts } from '../request-texts.ts';
import { messageFromKeyless } from '../keyless.ts';
import { choice } from '../request-members.ts';
import { isRecord, own, type JsonObject } from '../json.ts';
import { issueFlags } from '../validate/issue-flags.ts';
import { validateSummary } from '../validate/pipeline.ts';
import { isoSeconds } from '../time.ts';
import type { NormalizationMode, ValidatorSummary } from '../validate/types.ts';
import { NORMALIZATION_MODES } from '../../standard/value-sets.ts';
import { checkExchange } from './check.ts';
import type { ExchangeCheck } from './types.ts';

export const EXCHANGE_CHECK_KIND = 'uai.exchange.check.result.v1';

export interface CheckExchangeRequest {
  readonly request: unknown;
  readonly response: unknown;
  readonly mode: NormalizationMode;
  readonly httpStatus?: number;
  readonly previous?: unknown;
  /** The messages' texts as posted, when at hand: repeated member names are seen only there. */
  readonly texts?: { readonly request?: string; readonly response?: string; readonly previous?: string };
}

/** The verdict on one message of the pair: the validator result without its conformance record (format summary). */
export type MessageVerdict = ValidatorSummary;

export interface CheckExchangeResult {
  readonly kind: typeof EXCHANGE_CHECK_KIND;
  readonly checked_at: string;
  /** Both messages valid (0 errors) and no must-rule of the exchange broken. */
  readonly conforms: boolean;
  readonly request_validation: MessageVerdict;
  readonly response_validation: MessageVerdict;
  readonly exchange: ExchangeCheck;
}

const SHAPE =
  '{"request": <message>, "response": <message>, "normalization_mode": ..., "http_status": ..., "previous": <message>}';

type Parsed = { ok: true; request: CheckExchangeRequest } | { ok: false; detail: string };

const isMessageShape = (v: unknown): boolean => typeof v === 'object' && v !== null;

export function parseCheckExchangeRequest(body: unknown): Parsed {
  if (!isRecord(body)) return { ok: false, detail: `The request body must be a JSON object of the form ${SHAPE}.` };
  for (const key of ['request', 'response'] as const) {
    if (!Object.hasOwn(body, key)) return { ok: false, detail: `The body has no ${key} member; send ${SHAPE}.` };
    if (!isMessageShape(own(body, key)))
      return { ok: false, detail: `${key} must be a JSON object (keyed-json) or a JSON array (keyless-json).` };
  }
  const mode = choice(body, 'normalization_mode', NORMALIZATION_MODES, 'keyed-json');
  if (!mode.ok) return mode;
  const status = own(body, 'http_status');
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599)) {
    return {
      ok: false,
      detail: 'http_status must be an integer HTTP status code (100-599), the status the response came with.',
    };
  }
  const previous = own(body, 'previous');
  if (previous !== undefined && !isMessageShape(previous))
    return { ok: false, detail: 'previous must be the message (object or keyless array) the response follows.' };
  return {
    ok: true,
    request: {
      request: own(body, 'request'),
      response: own(body, 'response'),
      mode: mode.value,
      ...(status !== undefined ? { httpStatus: status as number } : {}),
      ...(previous !== undefined ? { previous } : {}),
    },
  };
}

/** The keyed form the rules read: keyless input is converted by its order maps first. */
const keyed = (message: unknown, mode: NormalizationMode): unknown =>
  mode === 'keyless-json' ? messageFromKeyless(message).value : message;

export function checkExchangeMessages(input: CheckExchangeRequest, context: EngineContext): CheckExchangeResult {
  const now = context.now();
  const validate = (message: unknown, text: string | undefined) =>
    validateSummary(message, { mode: input.mode, site: context.site, now, ...(text === undefined ? {} : { text }) });
  const requestResult = validate(input.request, input.texts?.request);
  const responseResult = validate(input.response, input.texts?.response);
  const exchange = checkExchange({
    request: keyed(input.request, input.mode),
    response: keyed(input.response, input.mode),
    requestFlags: issueFlags(requestResult),
    ...(input.httpStatus !== undefined ? { httpStatus: input.httpStatus } : {}),
    ...(input.previous !== undefined ? { previous: keyed(input.previous, input.mode) as JsonObject } : {}),
  });
  return {
    kind: EXCHANGE_CHECK_KIND,
    checked_at: isoSeconds(now),
    conforms: requestResult.error_count === 0 && responseResult.error_count === 0 && exchange.conforms,
    request_validation: requestResult,
    response_validation: responseResult,
    exchange,
  };
}

export const checkExchangeAction: EngineAction = (
  requestBody: unknown,
  context: EngineContext,
  source?: RequestSource,
): Outcome => {
  const parsed = parseCheckExchangeRequest(requestBody);
  if (!parsed.ok) return { ok: false, code: 'request.invalid', detail: parsed.detail };
  const texts = memberTexts(source, ['request', 'response', 'previous'], false);
  if (!texts.ok) return texts;
  return { ok: true, body: checkExchangeMessages({ ...parsed.request, texts: texts.value }, context) };
};
