/**
 * The mock exchange (spec 2.5 and 4.2, CONTRACT section 6): a deterministic reference server that
 * answers one uai.intent.request.v1 message. Pure: the site and the clock come in through the
 * context. The HTTP call is 200 whenever the exchange ran; http_status is the simulated status.
 */
import type { EngineAction, EngineContext, Failure, Outcome, RequestSource } from '../api.ts';
import { memberTexts } from '../request-texts.ts';
import type { Issue } from '../issues.ts';
import { errorCode } from '../../standard/code-shapes.ts';
import { INTENT_ANSWER_PROFILE, isProfileId } from '../../standard/profiles.ts';
import { links } from '../../standard/urls.ts';
import type { MockScenario } from '../../standard/value-sets.ts';
import { issueFlags } from '../validate/issue-flags.ts';
import { validateMessage, validateSealed } from '../validate/pipeline.ts';
import type { ValidatorResult } from '../validate/types.ts';
import { own, ownRecord, ownString, type JsonObject } from '../json.ts';
import { isoSeconds } from '../time.ts';
import { profileArtifacts } from './artifacts.ts';
import { exchangeIds } from './ids.ts';
import { linkage, type Linkage } from './linkage.ts';
import { parseMockRequest, type MockRequest } from './request.ts';
import { acceptedResponse, completedResponse, errorResponse, type SealedResponse } from './responses.ts';

export { parseMockRequest, type MockFormat, type MockRequest } from './request.ts';
export { exchangeIds, type ExchangeIds } from './ids.ts';

export const MOCK_RESULT_KIND = 'uai.mock.exchange.result.v1';

export interface MockExchangeResult {
  readonly kind: typeof MOCK_RESULT_KIND;
  readonly generated_at: string;
  readonly route_url: string;
  readonly scenario: MockScenario;
  readonly http_status: number;
  readonly summary: string;
  readonly request: { readonly message: unknown; readonly validation: ValidatorResult };
  readonly response_profile: string;
  readonly response_message: JsonObject;
  readonly response_validation: ValidatorResult;
  readonly links: {
    readonly catalog_url: string;
    readonly validate_url: string;
    readonly field_registry_url: string;
    readonly response_example_url: string;
    readonly task_status_example_url: string;
  };
}

type Refusal = Failure<
  'exchange.request_invalid' | 'exchange.wrong_profile' | 'exchange.subject_unknown' | 'exchange.intent_unprocessable'
> & {
  readonly errors: readonly Issue[];
};

/** Why the reference server cannot take the request at all, whatever the scenario. */
function refusal(message: JsonObject, validation: ValidatorResult): Refusal | undefined {
  const issues = [...validation.errors, ...validation.warnings];
  if (validation.error_count > 0) {
    return {
      ok: false,
      code: 'exchange.request_invalid',
      detail: `The request message fails validation with ${validation.error_count} error(s); errors lists ${validation.issues_listed === undefined ? 'every issue' : `${validation.issues_listed} of its ${validation.issue_count} issues, errors before warnings`}.`,
      errors: issues,
    };
  }
  const profile = own(message, 'profile');
  if (profile !== 'uai.intent.request.v1') {
    return {
      ok: false,
      code: 'exchange.wrong_profile',
      detail: `The mock exchange answers uai.intent.request.v1 messages; this one is ${typeof profile === 'string' ? profile : 'without a profile'}.`,
      errors: issues,
    };
  }
  const body = ownRecord(message, 'body');
  for (const key of ['subject', 'requested_profile', 'response_profile']) {
    if (!isProfileId(ownString(body, key))) {
      const unregistered = issues.filter((i) => i.code === 'intent.profile_unregistered');
      return {
        ok: false,
        code: 'exchange.subject_unknown',
        detail: `body.${key} is not a registered profile, so the reference server has nothing to resolve.`,
        errors: unregistered.length ? unregistered : issues,
      };
    }
  }
  // The answer must be the profile the request names (exchange.response_profile) or uai.error.v1,
  // and this server answers only as uai.intent.response.v1: a request naming another profile is
  // declined rather than answered with a message it did not ask for.
  const named = ownString(body, 'response_profile');
  if (named !== INTENT_ANSWER_PROFILE) {
    return {
      ok: false,
      code: 'exchange.intent_unprocessable',
      detail: `body.response_profile asks for the answer as ${named ?? 'nothing'}, but the reference server answers an intent request as ${INTENT_ANSWER_PROFILE} only; send response_profile ${INTENT_ANSWER_PROFILE}.`,
      errors: issues.filter((i) => i.code === 'intent.response_profile_unanswered'),
    };
  }
  return undefined;
}

const SUMMARIES: Record<MockScenario, string> = {
  'accepted-task':
    'The reference server accepted the request as an asynchronous task (202); poll the task with uai.task.status.v1 messages.',
  'completed-response':
    'The reference server resolved the request synchronously (200); the result carries what the request parameters asked for.',
  'typed-error':
    'The reference server declined the request with a typed uai.error.v1 message (422, exchange.intent_unprocessable), as the typed-error scenario simulates.',
};

const EXPIRED_NOTE =
  ' The request had already expired, so the response keeps its delivery.expires_at (spec 4.2 rule 7) and is dated one second before it.';

export interface MockOptions {
  /**
   * The task reference of an accepted answer; by default derived from the request like the
   * other ids. The reference server passes its own, which its task-status route can read back.
   */
  readonly taskRef?: string;
  /** The request message's text as posted, when at hand: repeated member names are seen only there. */
  readonly text?: string;
  /**
   * Why the typed-error scenario declines, in the error's detail: the reference server says why it
   * cannot take a valid request as the task it asked for. By default the scenario says it simulates.
   */
  readonly declined?: string;
  /** Said after a refusal's detail: what the caller most likely meant (the reference server's own hint). */
  readonly refusalHint?: string;
  /**
   * The message as sent keyless (the reference server takes either shape), of which `message` is the
   * keyed conversion: validated as sent, so what the conversion finds (a position past its map) refuses it.
   */
  readonly keyless?: readonly unknown[];
}

/** Issues only the posted text shows: two texts that differ in them parse to one message. */
const textOnly = (i: { code: string }) =>
  i.code === 'message.duplicate_member' || i.code === 'message.number_imprecise';

/** Runs one exchange: validates the request, answers as the reference server would, validates the answer. */
export function mockExchange(
  request: MockRequest,
  context: EngineContext,
  options: MockOptions = {},
): MockExchangeResult {
  const { site } = context;
  const now = context.now();
  const { message, scenario } = request;
  const text = options.text;
  const validation = validateMessage(options.keyless ?? message, {
    mode: options.keyless ? 'keyless-json' : 'keyed-json',
    site,
    now,
    ...(text === undefined ? {} : { text }),
  });
  // What the text says that the parsed message does not (repeated names, imprecise numbers), or a
  // message with no canonical form: the request is told by its text (ids.ts).
  const toldByText =
    text !== undefined &&
    (validation.normalization.canonical_hash === null ||
      validation.errors.some(textOnly) ||
      validation.warnings.some(textOnly));
  const ids = exchangeIds(
    validation.normalization.canonical_hash,
    message,
    scenario,
    options.taskRef,
    toldByText ? text : undefined,
  );
  const flagged = issueFlags(validation);
  const link = (taskRef?: string): Linkage => linkage({ site, request: message, flagged, ids, now }, taskRef);
  const body = ownRecord(message, 'body');

  let response: SealedResponse;
  let httpStatus: number;
  let summary: string;
  let linked: Linkage;
  const found = refusal(message, validation);
  const refused = found && options.refusalHint ? { ...found, detail: `${found.detail} ${options.refusalHint}` } : found;
  if (refused) {
    linked = link();
    response = sealSafely(
      () => errorResponse(ids, linked, refused.code, refused.detail, refused.errors),
      () => errorResponse(ids, linked, refused.code, refused.detail, []),
    );
    httpStatus = errorCode(refused.code).status;
    summary = `The reference server refused the request (${httpStatus}, ${refused.code}): ${refused.detail}`;
  } else {
    const subject = ownString(body, 'subject')!;
    const responseProfile = ownString(body, 'response_profile')!;
    const requestedProfile = ownString(body, 'requested_profile')!;
    if (scenario === 'accepted-task') {
      linked = link(ids.taskRef);
      response = acceptedResponse(site, ids, linked, { subject, responseProfile });
      httpStatus = 202;
    } else if (scenario === 'completed-response') {
      linked = link();
      const artifacts = profileArtifacts(site, requestedProfile);
      response = completedResponse(site, ids, linked, {
        subject,
        responseProfile,
        requestedProfile,
        parameters: own(body!, 'parameters'),
        artifacts,
      });
      httpStatus = 200;
    } else {
      linked = link();
      response = errorResponse(
        ids,
        linked,
        'exchange.intent_unprocessable',
        options.declined ??
          'The reference server declines to resolve this intent (simulated by the typed-error scenario).',
        [],
      );
      httpStatus = 422;
    }
    summary = SUMMARIES[scenario];
  }
  if (linked.issuedBeforeExpiry) summary += EXPIRED_NOTE;

  const responseProfile = String(response.message.profile);
  const l = links(site);
  return {
    kind: MOCK_RESULT_KIND,
    generated_at: isoSeconds(now),
    route_url: l.mockExchange,
    scenario,
    http_status: httpStatus,
    summary,
    request: { message, validation },
    response_profile: responseProfile,
    response_message: response.message,
    response_validation: validateSealed(response.message, response.forms, { mode: 'keyed-json', site, now }),
    links: {
      catalog_url: l.catalog,
      validate_url: l.validate,
      field_registry_url: l.fieldRegistry,
      response_example_url: l.example(responseProfile),
      task_status_example_url: l.example('uai.task.status.v1'),
    },
  };
}

/** Issue items echo request values; should one still lack a canonical form, answer without them. */
function sealSafely(build: () => SealedResponse, fallback: () => SealedResponse): SealedResponse {
  try {
    return build();
  } catch {
    return fallback();
  }
}

/** POST /v1/mock-exchange. format=message returns the response message alone. */
export const mockExchangeAction: EngineAction = (
  requestBody: unknown,
  context: EngineContext,
  source?: RequestSource,
): Outcome => {
  const parsed = parseMockRequest(requestBody);
  if (!parsed.ok) return parsed;
  const posted = memberTexts(source, ['message'], false);
  if (!posted.ok) return posted;
  const text = posted.value.message;
  const result = mockExchange(parsed.value, context, text === undefined ? {} : { text });
  return { ok: true, body: parsed.value.format === 'message' ? result.response_message : result };
};
