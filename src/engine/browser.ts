/**
 * The engine's second door, for code that runs in the browser (the playground scripts): only the
 * modules that need no Node built-in (node:crypto is behind the checksum, so it stays out).
 * Everything else imports src/engine/index.ts.
 */
export { messageFromKeyless, messageToKeyless } from './keyless.ts';
export { isRecord } from './json.ts';
export { parseJson } from './parse-json.ts';
export { indexJson, type SourceRange } from './json-positions.ts';
export { keylessPointer } from './keyless-pointer.ts';
export { unlistedNote } from './unlisted-note.ts';
