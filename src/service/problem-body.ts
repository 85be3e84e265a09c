import { errorCode, type ErrorCodeId } from '../standard/code-shapes.ts';
import { links, type Site } from '../standard/urls.ts';

/**
 * The RFC 9457 problem document of a published error code (CONTRACT section 8): `type` is the
 * code's entry in the error registry, and the status comes from that entry, so the registry,
 * OpenAPI and the wire cannot disagree.
 */
export interface IssueLike {
  readonly code: string;
}

export function problemBody(site: Site, code: ErrorCodeId, detail: string, errors?: readonly IssueLike[]) {
  const entry = errorCode(code);
  const body: Record<string, unknown> = {
    type: links(site).codeHelp(entry.code),
    title: entry.title,
    status: entry.status,
    detail,
    code: entry.code,
  };
  if (errors && errors.length) body.errors = errors;
  return body;
}
