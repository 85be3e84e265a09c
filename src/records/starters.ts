/** The four language starters of the adoption kit; their contents are the files in starters/. */
export const STARTER_META = [
  {
    name: 'uai-starter.sh',
    media_type: 'application/x-sh',
    language: 'shell (curl)',
    purpose: 'curl and a POSIX shell: catalog, validate, mock exchange.',
    run: 'sh uai-starter.sh <base_url>',
  },
  {
    name: 'uai_starter.py',
    media_type: 'text/x-python',
    language: 'Python 3 (standard library)',
    purpose: 'Python 3 with urllib only: catalog, validate, mock exchange.',
    run: 'python3 uai_starter.py <base_url>',
  },
  {
    name: 'uai-starter.mts',
    media_type: 'application/typescript',
    language: 'TypeScript (Node 22.18 or newer, or `npx tsx` on Node 18 or newer)',
    purpose: 'TypeScript for Node with built-in fetch: catalog, validate, mock exchange.',
    run: 'node uai-starter.mts <base_url>',
  },
  {
    name: 'uai_starter.go',
    media_type: 'text/x-go',
    language: 'Go (standard library)',
    purpose: 'Go with net/http only: catalog, validate, mock exchange.',
    run: 'go run uai_starter.go <base_url>',
  },
] as const;
