import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandSyntaxProblem } from '../../src/kit/client/command-syntax.ts';
import { testClientCommand } from '../../src/kit/client/command.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * A --command whose end would swallow the endpoint argument is refused before anything runs, and
 * no command the docs give is (the four starters' among them): a table of the ways a command can end, the same
 * endings appended to every legitimate command, and every legitimate command as it is.
 */

/** Each ending, and the reason /bin/sh's parse gives for it. */
const SWALLOWING: readonly [string, RegExp][] = [
  [' #', /comment/],
  [' # the endpoint goes here', /comment/],
  ["'", /cannot parse .*Unterminated quoted string|cannot parse/],
  [' "--name', /cannot parse/],
  [' \\', /backslash/],
  [' &', /operator/],
  [' ;', /operator/],
  [' |', /operator/],
  [' &&', /operator/],
  [' ||', /operator/],
  [' >', /operator or a redirection/],
  [' 2>', /operator or a redirection/],
  [' <', /operator or a redirection/],
  [' $(', /cannot parse/],
  [' `', /cannot parse/],
  [' ${X', /cannot parse/],
  ['\ncat <<EOF\nhello\nEOF', /here-document/],
  ['; if true; then', /cannot parse/],
];

const docCommands = (): string[] => {
  const files = [
    'README.md',
    ...readdirSync('docs').map((f) => `docs/${f}`),
    'src/pages/test-your-implementation.astro',
  ];
  return files.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/--command (?:"([^"]+)"|'([^']+)')/g)].map((m) => (m[1] ?? m[2])!),
  );
};
/** Commands as people write them: quoting, variables, redirections, a # inside a word or quotes. */
const WRITTEN = [
  'node client.mjs',
  'python3 -m my_client --verbose',
  './client 2>&1',
  'env DEBUG=1 node client.mjs',
  'sh -c \'exec node client.mjs "$1"\' client',
  'node client.mjs --tag=a#b',
  "node client.mjs --note 'not # a comment'",
  'cd clients && node c.mjs',
  'sleep 1; node c.mjs',
  'node c.mjs --endpoint-from-env "$UAI_SCENARIO"',
];
const LEGITIMATE = [...new Set([...docCommands(), ...WRITTEN])];

describe('a --command that would swallow the endpoint is refused', () => {
  it('finds the commands of the docs, the four starters among them', () => {
    expect(new Set(docCommands().filter((c) => c.includes('starters/uai')))).toHaveProperty('size', 4);
  });

  it.each(LEGITIMATE)('accepts %s', (command) => {
    expect(commandSyntaxProblem(command)).toBeUndefined();
  });

  it.each(SWALLOWING)('refuses a command ending in %j, naming the reason', (ending, reason) => {
    expect(commandSyntaxProblem(`node client.mjs${ending}`)).toMatch(reason);
  });

  it('refuses every swallowing ending after every legitimate command', () => {
    const accepted = LEGITIMATE.flatMap((command) =>
      SWALLOWING.map(([ending]) => `${command}${ending}`).filter((c) => commandSyntaxProblem(c) === undefined),
    );
    expect(accepted).toEqual([]);
  });

  it('uai test-client: exit 2, a usage error naming the reason, nothing run', async () => {
    let stderr = '';
    const io = {
      stdout: () => undefined,
      stderr: (t: string) => void (stderr += t),
      now: () => new Date(),
      site: siteFor('http://localhost:4321'),
    };
    expect(await testClientCommand(['--command', 'true # the endpoint is lost here', '--scenario', 'sync'], io)).toBe(
      2,
    );
    expect(stderr).toMatch(/^uai test-client: --command refused: it ends in a comment \(#\)/);
  });
});
