/**
 * Package URLs (purl, github.com/package-url/purl-spec, ECMA-427): how an implementer names a
 * client so that anyone can find it, `pkg:npm/%40acme/agent@1.2.0`, `pkg:github/acme/agent@v1.2.0`,
 * `pkg:pypi/acme-agent@1.2.0`. The client kit's sealed result names its target this way, and the
 * report of implementations accepts a client result only when its target is one, with a version.
 *
 * Parsed as the specification's "how to parse" section says, right to left: `#subpath`, then
 * `?qualifiers`, then the `pkg:` scheme, the type, `@version`, the name and the namespace. The
 * canonical form lower-cases the type and qualifier keys, sorts the qualifiers, drops empty
 * qualifier values and `.`/`..`/empty subpath segments, and percent-encodes each component the one
 * way the specification prescribes, so two spellings of one package compare equal. Type-specific
 * rules (npm names in lower case, PyPI's `_` as `-`) are left to each ecosystem: a purl is compared
 * as written, after the general normalization only.
 */

export interface PackageUrl {
  readonly type: string;
  /** Segments, decoded; empty when the type has no namespace. */
  readonly namespace: readonly string[];
  readonly name: string;
  readonly version?: string;
  /** Keys in lower case, sorted; values decoded, never empty. */
  readonly qualifiers: Readonly<Record<string, string>>;
  /** Segments, decoded. */
  readonly subpath: readonly string[];
}

export type PackageUrlRead =
  | { readonly ok: true; readonly purl: PackageUrl; readonly canonical: string }
  | { readonly ok: false; readonly error: string };

/** Longer than any package name needs; a bound on what a hostile manifest can make the parser do. */
export const MAX_PURL_LENGTH = 2048;

const TYPE = /^[a-zA-Z.+-][a-zA-Z0-9.+-]*$/;
const QUALIFIER_KEY = /^[a-zA-Z.\-_][a-zA-Z0-9.\-_]*$/;
const PERCENT = /%(?![0-9A-Fa-f]{2})/;

/** A component, percent-decoded as UTF-8 ("+" stays "+"); undefined when an escape is broken or the bytes are not UTF-8. */
function decode(text: string): string | undefined {
  if (PERCENT.test(text)) return undefined;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The specification's encoding: everything but unreserved characters (and ':' everywhere, '/' in namespaces and subpaths as separators). */
const encode = (text: string): string =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%3A', ':');

export function formatPackageUrl(p: PackageUrl): string {
  const namespace = p.namespace.map(encode).join('/');
  const qualifiers = Object.keys(p.qualifiers)
    .sort()
    .map((k) => `${k}=${encode(p.qualifiers[k]!)}`)
    .join('&');
  return (
    `pkg:${p.type.toLowerCase()}/${namespace ? `${namespace}/` : ''}${encode(p.name)}` +
    (p.version !== undefined ? `@${encode(p.version)}` : '') +
    (qualifiers ? `?${qualifiers}` : '') +
    (p.subpath.length ? `#${p.subpath.map(encode).join('/')}` : '')
  );
}

const fail = (error: string): PackageUrlRead => ({ ok: false, error });

/** Decoded segments of a '/'-separated component; undefined at the first one that does not decode. */
function segmentsOf(text: string): string[] | undefined {
  const out: string[] = [];
  for (const raw of text.split('/')) {
    const s = decode(raw);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out;
}

export function parsePackageUrl(text: string): PackageUrlRead {
  if (typeof text !== 'string' || text.length === 0) return fail('a package URL is a non-empty string');
  if (text.length > MAX_PURL_LENGTH) return fail(`a package URL is at most ${MAX_PURL_LENGTH} characters`);
  if (/[\s\u0000-\u001f\u007f]/.test(text) || !text.isWellFormed())
    return fail('a package URL has no spaces, control characters or lone surrogates');
  let rest = text;
  let subpath: string[] = [];
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    const segments = segmentsOf(rest.slice(hash + 1).replace(/^\/+|\/+$/g, ''));
    if (!segments) return fail('the subpath has a broken percent-escape');
    subpath = segments.filter((s) => s !== '' && s !== '.' && s !== '..');
    if (subpath.some((s) => s.includes('/'))) return fail('a subpath segment may not contain "/"');
    rest = rest.slice(0, hash);
  }
  const qualifiers: Record<string, string> = {};
  const question = rest.indexOf('?');
  if (question >= 0) {
    for (const pair of rest.slice(question + 1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      if (eq <= 0) return fail(`the qualifier "${pair}" is not key=value`);
      const key = pair.slice(0, eq).toLowerCase();
      if (!QUALIFIER_KEY.test(key)) return fail(`the qualifier key "${key}" is not letters, digits, ".", "-", "_"`);
      if (Object.hasOwn(qualifiers, key)) return fail(`the qualifier "${key}" is given twice`);
      const value = decode(pair.slice(eq + 1));
      if (value === undefined) return fail(`the qualifier "${key}" has a broken percent-escape`);
      if (value !== '') qualifiers[key] = value;
    }
    rest = rest.slice(0, question);
  }
  if (!/^pkg:/i.test(rest)) return fail('a package URL starts with "pkg:"');
  rest = rest.slice(4).replace(/^\/+/, '').replace(/\/+$/, '');
  const slash = rest.indexOf('/');
  if (slash <= 0) return fail('a package URL names a type and a name: pkg:<type>/<name>');
  const type = rest.slice(0, slash);
  if (!TYPE.test(type))
    return fail(`the type "${type}" is not letters, digits, ".", "+", "-" (not starting with a digit)`);
  rest = rest.slice(slash + 1);
  let version: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    version = decode(rest.slice(at + 1));
    if (version === undefined) return fail('the version has a broken percent-escape');
    if (version === '') return fail('"@" is followed by no version');
    rest = rest.slice(0, at);
  }
  const segments = segmentsOf(rest);
  if (!segments) return fail('the namespace or name has a broken percent-escape');
  const name = segments.pop()!;
  if (name === '') return fail('a package URL names its package: the name is empty');
  if (segments.some((s) => s === '')) return fail('the namespace has an empty segment');
  if ([...segments, name].some((s) => s.includes('/')))
    return fail('a namespace segment or a name may not contain "/"');
  const purl: PackageUrl = {
    type: type.toLowerCase(),
    namespace: segments,
    name,
    ...(version !== undefined ? { version } : {}),
    qualifiers: Object.fromEntries(Object.entries(qualifiers).sort(([a], [b]) => (a < b ? -1 : 1))),
    subpath,
  };
  return { ok: true, purl, canonical: formatPackageUrl(purl) };
}

/** A package URL that names one release: it parses and carries a version. */
export function parseReleasePackageUrl(text: string): PackageUrlRead {
  const read = parsePackageUrl(text);
  if (read.ok && read.purl.version === undefined)
    return fail(`${text} names no version: add @<version> (pkg:npm/%40acme/agent@1.2.0)`);
  return read;
}
