import type { ProfileId } from './profiles.ts';

/**
 * Absolute addresses of the service, built from one origin (CONTRACT section 1).
 * The origin is passed in by the shells (build, functions, local server); nothing here reads the environment.
 */
export interface Site {
  readonly origin: string;
  /** `{base_url}` of the spec: `<origin>/v1`. */
  readonly base: string;
}

export const DEFAULT_ORIGIN = 'http://localhost:4321';

export function siteFor(origin: string = DEFAULT_ORIGIN): Site {
  const trimmed = origin.replace(/\/+$/, '');
  return { origin: trimmed, base: `${trimmed}/v1` };
}

/** Absolute URL of a REST path under /v1 (path starts with "/"). */
export const apiUrl = (site: Site, path: string): string => `${site.base}${path}`;
/** Absolute URL of a human page (path starts with "/"). */
export const pageUrl = (site: Site, path: string): string => `${site.origin}${path}`;

/** Memos of what is constant per site; a site comes from the one configured origin, the bound only guards against a caller making many. */
const MEMO_LIMIT = 16;
const linksBySite = new Map<string, Links>();
const linksOfSite = new WeakMap<Site, Links>();
const didBySite = new Map<string, string>();

/**
 * The URLs every record and message links to, named once. Built once per site and frozen: the
 * validator and the mock exchange read them on every call.
 */
export function links(site: Site): Links {
  // A shell passes the same Site object on every call: look it up by identity before building a key.
  const known = linksOfSite.get(site);
  if (known) return known;
  const key = `${site.origin} ${site.base}`;
  let built = linksBySite.get(key);
  if (!built) {
    if (linksBySite.size >= MEMO_LIMIT) linksBySite.clear();
    built = Object.freeze(buildLinks(site));
    linksBySite.set(key, built);
  }
  linksOfSite.set(site, built);
  return built;
}

function buildLinks(site: Site) {
  const api = (p: string) => apiUrl(site, p);
  return {
    catalog: api('/catalog'),
    discovery: api('/discovery'),
    schemas: api('/schemas'),
    schema: (profile: string) => api(`/schemas/${profile}`),
    registry: api('/registry'),
    registryEntry: (profile: string) => api(`/registry/${profile}`),
    fieldRegistry: api('/field-registry'),
    transportBindings: api('/transport-bindings'),
    trustChannels: api('/trust-channels'),
    conformanceLevels: api('/conformance-levels'),
    errorRegistry: api('/error-registry'),
    examples: api('/examples'),
    example: (profile: string) => api(`/examples/${profile}`),
    adoptionKit: api('/adoption-kit'),
    adoptionKitDownload: api('/adoption-kit?download=1'),
    roadmap: api('/roadmap'),
    openapi: api('/openapi.json'),
    conformancePack: api('/conformance-pack'),
    validate: api('/validate'),
    mockExchange: api('/mock-exchange'),
    checkExchange: api('/check-exchange'),
    /** The reference server of the HTTPS JSON binding: POST a bare message, GET its capability statement. */
    referenceServer: api('/reference-server'),
    /** Polling a task the reference server accepted (transport binding https-async-callback). */
    referenceTask: (taskRef: string) => api(`/reference-server/tasks/${encodeURIComponent(taskRef)}`),
    /** The anchor of an issue or error code on the error-registry page: the help_url of issue items. */
    codeHelp: (code: string) => pageUrl(site, `${ERROR_REGISTRY_PAGE}#${codeAnchor(code)}`),
    profilePage: (profile: ProfileId | string) => pageUrl(site, `/profiles/${profile}/`),
  };
}

export type Links = Readonly<ReturnType<typeof buildLinks>>;

/** Path of the error-registry page on every origin: the path of each code's help_url. */
export const ERROR_REGISTRY_PAGE = '/error-registry/';

/** Anchor id of a code on the error-registry page: the code itself (dots are valid in ids and fragments). */
export const codeAnchor = (code: string): string => code;

/** did:web identifier of this service, derived from the origin (did:web encodes a port's colon as %3A). */
export function serviceDid(site: Site, path?: string): string {
  const key = `${site.origin} ${path ?? ''}`;
  let did = didBySite.get(key);
  if (did === undefined) {
    if (didBySite.size >= MEMO_LIMIT) didBySite.clear();
    // did:web percent-encodes the port's colon (and an IPv6 literal's brackets and colons) in the host.
    const host = encodeURIComponent(new URL(site.origin).host);
    did = path ? `did:web:${host}:${path}` : `did:web:${host}`;
    didBySite.set(key, did);
  }
  return did;
}
