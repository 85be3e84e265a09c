import { CLIENT_SCENARIO_IDS } from '../standard/client-scenarios.ts';

const ALL_SCENARIOS = [...CLIENT_SCENARIO_IDS];

/**
 * The four language starters of the adoption kit; their contents are the files in starters/ (with the
 * service's origin in their examples, atService). Each is
 * also a client of a UAI-1 endpoint (`client <endpoint_url>`): `client.scenarios` are the scenarios of
 * `uai test-client` it passes every must check of; `client.not_passed` says which it cannot pass,
 * why, and which checks then fail (the baseline its test runs those scenarios with).
 */
export const STARTER_META = [
  {
    name: 'uai-starter.sh',
    media_type: 'application/x-sh',
    language: 'shell (curl)',
    purpose: 'curl and a POSIX shell: catalog, validate, mock exchange; and a client of a UAI-1 endpoint.',
    runtime: { program: 'sh', requires: 'a POSIX shell and curl' },
    run: 'sh uai-starter.sh <base_url>',
    client: {
      run: 'sh uai-starter.sh client <endpoint_url>',
      scenarios: ALL_SCENARIOS.filter((s) => s !== 'keyless'),
      not_passed: [
        {
          scenario: 'keyless',
          reason:
            'Reading a keyless answer (positions, not member names) needs a JSON parser, which the shell starter does without: it speaks the keyed binding only and refuses an endpoint that speaks only keyless.',
          expected_failures: ['client.completes'],
        },
      ],
    },
  },
  {
    name: 'uai_starter.py',
    media_type: 'text/x-python',
    language: 'Python 3 (standard library)',
    purpose: 'Python 3 with urllib only: catalog, validate, mock exchange; and a client of a UAI-1 endpoint.',
    runtime: { program: 'python3', requires: 'Python 3 (standard library only)' },
    run: 'python3 uai_starter.py <base_url>',
    client: { run: 'python3 uai_starter.py client <endpoint_url>', scenarios: ALL_SCENARIOS, not_passed: [] },
  },
  {
    name: 'uai-starter.mts',
    media_type: 'application/typescript',
    language: 'TypeScript (Node 22.18 or newer, or `npx tsx` on Node 18 or newer)',
    purpose:
      'TypeScript for Node with built-in fetch: catalog, validate, mock exchange; and a client of a UAI-1 endpoint.',
    runtime: {
      program: 'node',
      minimum_version: '22.18.0',
      requires:
        'Node.js 22.18 or newer, which runs TypeScript by stripping its types. Node 20 cannot run a .mts file (ERR_UNKNOWN_FILE_EXTENSION): there, run it with npx tsx uai-starter.mts',
    },
    run: 'node uai-starter.mts <base_url>',
    client: { run: 'node uai-starter.mts client <endpoint_url>', scenarios: ALL_SCENARIOS, not_passed: [] },
  },
  {
    name: 'uai_starter.go',
    media_type: 'text/x-go',
    language: 'Go (standard library)',
    purpose: 'Go with net/http only: catalog, validate, mock exchange; and a client of a UAI-1 endpoint.',
    runtime: { program: 'go', requires: 'Go (standard library only)' },
    run: 'go run uai_starter.go <base_url>',
    client: { run: 'go run uai_starter.go client <endpoint_url>', scenarios: ALL_SCENARIOS, not_passed: [] },
  },
] as const;
