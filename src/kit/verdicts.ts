/**
 * Judging what the kit saw (observe.ts): one verdict per published kit check, with the evidence
 * behind a failure. Messages are judged by the same engine as POST /v1/validate, exchanges by the
 * same exchange rules as POST /v1/check-exchange.
 */
import { checkExchange, validateMessage } from '../engine/index.ts';
import { isPublishedErrorCode } from '../standard/codes.ts';
import { EXCHANGE_RULES } from '../standard/exchange-rules.ts';
import { KIT_CHECKS, type KitCheck, type KitCheckId } from '../standard/kit-checks.ts';
import type { Site } from '../standard/site.ts';
import type { Answer } from './http.ts';
import type { Observation, Observations } from './observe.ts';

export interface KitVerdict extends KitCheck {
  readonly status: 'pass' | 'fail' | 'skip';
  /** What was seen: why it failed, or what it was skipped for. */
  readonly evidence: readonly string[];
}

type Outcome = { status: KitVerdict['status']; evidence: string[] };
const pass = (): Outcome => ({ status: 'pass', evidence: [] });
const skip = (why: string): Outcome => ({ status: 'skip', evidence: [why] });
const failWith = (evidence: string[]): Outcome => (evidence.length ? { status: 'fail', evidence } : pass());

const isJsonType = (mediaType: string) =>
  mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMessage = (answer: Answer) =>
  isObject(answer.json) && typeof answer.json.profile === 'string' && answer.mediaType !== 'application/problem+json';
const snippet = (answer: Answer) =>
  `HTTP ${answer.status} ${answer.mediaType || '(no media type)'}: ${answer.text.slice(0, 120).replace(/\s+/g, ' ')}`;
const VALID_SCENARIOS = new Set(['sync', 'async', 'unknown-subject', 'keyless', 'poll', 'poll-again']);
/** Requests whose answer must be a message (a poll may be refused with a problem: task.pollable judges that). */
const MESSAGE_SCENARIOS = new Set(['sync', 'async', 'unknown-subject', 'keyless']);

function capabilityVerdicts(
  obs: Observations,
  validate: (m: unknown) => ReturnType<typeof validateMessage>,
): Record<string, Outcome> {
  const { answer, error } = obs.capability;
  const reachable = answer && answer.status === 200 && isJsonType(answer.mediaType) && answer.json !== undefined;
  if (!reachable) {
    const why = error ?? (answer ? snippet(answer) : 'no answer');
    return {
      'capability.reachable': failWith([`GET ${obs.capability.url}: ${why}`]),
      'capability.valid': skip('no statement'),
      'capability.names_endpoint': skip('no statement'),
    };
  }
  const result = validate(answer.json);
  const isStatement = isObject(answer.json) && answer.json.profile === 'uai.capability.statement.v1';
  const problems = [
    ...(isStatement ? [] : ['the answer is not a uai.capability.statement.v1 message']),
    ...result.errors.map((i) => `${i.code} at ${i.path || '/'}: ${i.message}`),
  ];
  return {
    'capability.reachable': pass(),
    'capability.valid': failWith(problems),
    'capability.names_endpoint': problems.length
      ? skip('invalid statement')
      : failWith(obs.declaredBindings.length ? [] : [`no endpoint of the statement has the url ${obs.endpoint}`]),
  };
}

function messageVerdicts(
  obs: Observations,
  validate: (m: unknown) => ReturnType<typeof validateMessage>,
): Record<string, Outcome> {
  const invalid: string[] = [];
  const warned: string[] = [];
  const mediaTypes: string[] = [];
  for (const x of obs.exchanges) {
    if (!isJsonType(x.answer.mediaType)) mediaTypes.push(`${x.scenario}: ${snippet(x.answer)}`);
    if (!isMessage(x.answer) && !(x.scenario === 'keyless' && isObject(x.answer.json))) {
      if (MESSAGE_SCENARIOS.has(x.scenario))
        invalid.push(`${x.scenario}: the answer is not a UAI-1 message (${snippet(x.answer)})`);
      continue;
    }
    const result = validate(x.answer.json);
    for (const i of result.errors) invalid.push(`${x.scenario}: ${i.code} at ${i.path || '/'}: ${i.message}`);
    for (const i of result.warnings) warned.push(`${x.scenario}: ${i.code} at ${i.path || '/'}: ${i.message}`);
  }
  const keyless = obs.exchanges.find((x) => x.scenario === 'keyless');
  return {
    'message.valid': failWith(invalid),
    'message.warning_free': failWith(warned),
    'message.media_type': failWith(mediaTypes),
    'message.keyless_shape': !keyless
      ? skip('keyless binding not declared for this endpoint')
      : failWith(keyless.keylessAnswer ? [] : [`keyless: ${snippet(keyless.answer)}`]),
  };
}

function exchangeVerdicts(obs: Observations): Record<string, Outcome> {
  const outcomes: Record<string, Outcome> = Object.fromEntries(
    EXCHANGE_RULES.map((r) => [r.id, skip('no exchange this rule applies to')]),
  );
  for (const x of obs.exchanges.filter(
    (e: Observation) => VALID_SCENARIOS.has(e.scenario) && e.request && isObject(e.answer.json),
  )) {
    const check = checkExchange({
      request: x.request,
      response: x.answer.json,
      httpStatus: x.answer.status,
      ...(x.previous !== undefined ? { previous: x.previous } : {}),
    });
    for (const v of check.verdicts) {
      const o = outcomes[v.id]!;
      if (v.status === 'fail') {
        if (o.status !== 'fail') outcomes[v.id] = { status: 'fail', evidence: [] };
        outcomes[v.id]!.evidence.push(...v.findings.map((f) => `${x.scenario}: ${f.path || '/'}: ${f.message}`));
      } else if (v.status === 'pass' && o.status === 'skip') outcomes[v.id] = pass();
    }
  }
  return outcomes;
}

function taskVerdict(obs: Observations, validate: (m: unknown) => ReturnType<typeof validateMessage>): Outcome {
  const polls = obs.exchanges.filter((x) => x.scenario === 'poll' || x.scenario === 'poll-again');
  if (!polls.length)
    return skip(
      obs.notes.find((n) => n.startsWith('tasks are polled')) ??
        (obs.declaredBindings.includes('https-async-callback')
          ? 'no accepted task to poll'
          : 'https-async-callback not declared'),
    );
  const problems: string[] = [];
  for (const poll of polls) {
    const json = poll.answer.json;
    if (poll.answer.status !== 200 || !isObject(json) || json.profile !== 'uai.task.status.v1')
      problems.push(`GET ${poll.url}: ${snippet(poll.answer)}`);
    else
      problems.push(
        ...validate(json).errors.map((i) => `${poll.scenario}: ${i.code} at ${i.path || '/'}: ${i.message}`),
      );
  }
  return failWith(problems);
}

/** A hostile request must be refused: 4xx with a uai.error.v1 message or a problem carrying a published code. */
function hostileVerdict(x: Observation | undefined): Outcome {
  if (!x) return skip('not sent');
  const { answer } = x;
  const json = answer.json;
  const code = isObject(json)
    ? answer.mediaType === 'application/problem+json'
      ? json.code
      : isObject(json.body) && json.profile === 'uai.error.v1'
        ? json.body.code
        : undefined
    : undefined;
  const refused = answer.status >= 400 && answer.status < 500;
  return failWith(refused && isPublishedErrorCode(code) ? [] : [snippet(answer)]);
}

export function judge(obs: Observations, site: Site, now: Date): KitVerdict[] {
  const validate = (m: unknown) => validateMessage(m, { mode: 'keyed-json', site, now });
  const outcomes: Record<string, Outcome> = {
    ...capabilityVerdicts(obs, validate),
    ...messageVerdicts(obs, validate),
    ...exchangeVerdicts(obs),
    'task.pollable': taskVerdict(obs, validate),
  };
  return KIT_CHECKS.map((c: KitCheck) => {
    const o =
      c.category === 'hostile'
        ? hostileVerdict(obs.exchanges.find((x) => x.scenario === c.id))
        : (outcomes[c.id as KitCheckId] ?? skip('not observed'));
    return { ...c, status: o.status, evidence: o.evidence };
  });
}
