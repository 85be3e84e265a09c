/**
 * What a client declares, as a server declares itself in its capability statement: who it is (a
 * display name and a package URL with a version, which the sealed result names as its target), and
 * which optional behaviours it has. A declared behaviour is expected: the scenario that shows it
 * leaves its checks not exercised when the client does not show it there. An undeclared one is not
 * claimed: its checks are skipped, naming the declaration, unless the client shows it anyway (then
 * they judge what it did). A client without the keyless binding declines the keyless scenario by
 * sending nothing there.
 *
 *   { "name": "Acme Agent", "purl": "pkg:npm/%40acme/agent@1.2.0",
 *     "async": true, "keyless": false, "follow_ups": true }
 *
 * Given as a JSON file (`--manifest`) and/or flags (`--name`, `--purl`, `--async`, `--keyless`,
 * `--follow-ups`; a flag wins over the file). Every member is optional; an undeclared behaviour is
 * one the client does not claim.
 */
import { isRecord, parseReleasePackageUrl } from '../../engine/index.ts';
import type { ClientCheckId } from '../../standard/kit-checks.ts';

/** The optional behaviours a client may declare (the scenario that shows each names it: ClientScenario.shows). */
export const CLIENT_DECLARATIONS = [
  {
    member: 'async',
    flag: '--async',
    does: 'asks for delivery.mode async and polls the accepted task',
    /** The checks only this behaviour's scenario calls for. */
    checks: ['client.poll_task_ref', 'client.poll_stops', 'client.poll_interval'],
  },
  {
    member: 'keyless',
    flag: '--keyless',
    does: 'speaks the keyless binding where a server declares only that one',
    checks: [],
  },
  {
    member: 'follow_ups',
    flag: '--follow-ups',
    does: 'sends a follow-up turn in a conversation it was answered in',
    checks: ['client.follow_up', 'client.new_turn'],
  },
] as const satisfies readonly {
  member: string;
  flag: string;
  does: string;
  checks: readonly ClientCheckId[];
}[];

export type ClientDeclaration = (typeof CLIENT_DECLARATIONS)[number]['member'];

export interface ClientIdentity {
  readonly name: string;
  /** The package URL as given (it parses, with a version). */
  readonly purl: string;
  readonly version: string;
}

export interface ClientManifest {
  readonly identity?: ClientIdentity;
  readonly declares: Readonly<Record<ClientDeclaration, boolean>>;
}

export type ManifestRead = { ok: true; manifest: ClientManifest } | { ok: false; error: string };

export const NOTHING_DECLARED: ClientManifest = { declares: { async: false, keyless: false, follow_ups: false } };
/** Every optional behaviour claimed: what the kit's own well-behaved clients declare. */
export const EVERYTHING_DECLARED: ClientManifest = { declares: { async: true, keyless: true, follow_ups: true } };

/** The members a client manifest may hold; any other is refused by name. */
export const MANIFEST_MEMBERS: ReadonlySet<string> = new Set([
  'name',
  'purl',
  ...CLIENT_DECLARATIONS.map((d) => d.member),
]);

/** The manifest from a parsed JSON value and the flags given; flags win. */
export function readManifest(
  value: unknown,
  flags: { name?: string; purl?: string; declares?: Partial<Record<ClientDeclaration, boolean>> } = {},
): ManifestRead {
  if (value !== undefined && !isRecord(value))
    return {
      ok: false,
      error: 'the client manifest is a JSON object: {"name", "purl", "async", "keyless", "follow_ups"}',
    };
  const m = value ?? {};
  const unknown = Object.keys(m).filter((k) => !MANIFEST_MEMBERS.has(k));
  if (unknown.length) return { ok: false, error: `the client manifest has unknown members: ${unknown.join(', ')}` };
  const declares = {} as Record<ClientDeclaration, boolean>;
  for (const d of CLIENT_DECLARATIONS) {
    const v = flags.declares?.[d.member] ?? m[d.member] ?? false;
    if (typeof v !== 'boolean') return { ok: false, error: `"${d.member}" is true or false` };
    declares[d.member] = v;
  }
  const name = flags.name ?? m.name;
  const purl = flags.purl ?? m.purl;
  if (name === undefined && purl === undefined) return { ok: true, manifest: { declares } };
  if (typeof name !== 'string' || !name.trim() || name.length > 200)
    return { ok: false, error: 'a client that names itself gives "name", a display name of 1 to 200 characters' };
  if (typeof purl !== 'string')
    return { ok: false, error: 'a client that names itself gives "purl", its package URL with a version' };
  const read = parseReleasePackageUrl(purl);
  if (!read.ok) return { ok: false, error: `"purl": ${read.error}` };
  // The canonical form: the one the sealed result names, and the report of implementations compares.
  const identity = { name: name.trim(), purl: read.canonical, version: read.purl.version! };
  return { ok: true, manifest: { identity, declares } };
}

/** The sentence that names a missing declaration, for a skipped scenario or check. */
export const undeclared = (member: ClientDeclaration): string => {
  const d = CLIENT_DECLARATIONS.find((x) => x.member === member)!;
  return `the client does not declare that it ${d.does} ("${d.member}": true in its manifest, or ${d.flag})`;
};
