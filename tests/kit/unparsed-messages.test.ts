import { describe, expect, it } from 'vitest';
import { EVERYTHING_DECLARED } from '../../src/kit/client/index.ts';
import { judgeClient } from '../../src/kit/client/checks.ts';
import { runIntake } from '../../src/kit/client/intake.ts';
import { runClient } from '../../src/kit/client/run-client.ts';
import type { ClientScenarioId } from '../../src/standard/client-scenarios.ts';

/**
 * Messages the judge does not parse (past the run's parse budget, here made 0 so that every
 * message is past it) still got their answers: what the client was told moves the scenario on as
 * for any message, so the run is judged on what happened (client.completes passes), and a message
 * sent after a refusal, which cannot be compared with the refused one, fails client.error_not_resent
 * instead of passing it unseen.
 */
const command = (fault: string) => `node_modules/.bin/node tests/kit/fixtures/broken-client.mts ${fault}`;

async function judged(fault: string, scenario: ClientScenarioId) {
  const run = await runClient(command(fault), scenario, 60_000, runIntake(0));
  const verdicts = judgeClient([run], EVERYTHING_DECLARED);
  const of = (id: string) => verdicts.find((v) => v.id === id)!;
  const unmet = verdicts.filter((v) => v.status !== 'pass' && v.status !== 'skip');
  // The evidence rides along as the assertion message, so a failure on a loaded machine says why.
  const failing = unmet.map((v) => v.id);
  return { of, failing, why: JSON.stringify(unmet.map((v) => [v.id, v.evidence])) };
}

describe.concurrent('client messages past the parse budget', () => {
  it('typed-error: the refusal of an unparsed message is received, the scenario completes', async () => {
    const { of, failing, why } = await judged('none', 'typed-error');
    expect(failing, why).toEqual(['client.message_valid']);
    expect(of('client.message_valid').evidence).toEqual([
      expect.stringMatching(/^typed-error: POST body of \d+ bytes, past the 0 bytes the kit parses in one run/),
    ]);
    expect(of('client.completes').status).toBe('pass');
    expect(of('client.error_not_resent').status).toBe('pass');
  }, 90_000);

  it('sync: the result answered to an unparsed message is the final answer', async () => {
    const { of, failing, why } = await judged('none', 'sync');
    expect(failing, why).toEqual(['client.message_valid']);
    expect(of('client.completes').status).toBe('pass');
    expect(of('client.quiet_after_final').status).toBe('pass');
  }, 90_000);

  it('rate-limited: the same message again after the 429, as asked, is no resent refusal', async () => {
    const { of, failing, why } = await judged('none', 'rate-limited');
    expect(failing, why).toEqual(['client.message_valid']);
    expect(of('client.retry_after').status).toBe('pass');
  }, 90_000);

  it('a message sent again after the refusal, unparsed: error_not_resent fails, as it cannot be compared', async () => {
    const { of, failing, why } = await judged('resends-error', 'typed-error');
    expect(failing, why).toEqual(['client.message_valid', 'client.error_not_resent']);
    expect(of('client.error_not_resent').evidence).toEqual([
      expect.stringMatching(
        /^typed-error: request #3, after the 422 exchange\.intent_unprocessable, could not be compared with the refused message: POST body of \d+ bytes, past the 0 bytes/,
      ),
    ]);
  }, 90_000);
});
