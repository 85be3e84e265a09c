/**
 * The REST surface of UAI-1 under /v1: the 20 routes of spec section 4, plus the exchange check
 * and the reference server of the HTTPS JSON binding. The catalog, the OpenAPI document, the
 * headers table, the static route files and the human page map all read this list.
 */
export interface Route {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** Path under /v1, with {profile} for the profile parameter and ?download=1 for the download twin. */
  readonly path: string;
  readonly purpose: string;
  /** record: a static file; action: a POST function; function: a GET a function answers (not a file). */
  readonly kind: 'record' | 'action' | 'function';
  readonly mediaType: string;
  /** Path of the human page that shows this record or drives this action. */
  readonly page: string;
  readonly summary: string;
}

export const ROUTES: readonly Route[] = [
  {
    id: 'catalog',
    method: 'GET',
    path: '/catalog',
    kind: 'record',
    mediaType: 'application/json',
    page: '/catalog/',
    summary: 'Route inventory',
    purpose: 'Full route inventory, counts and public page map; the first call of a client.',
  },
  {
    id: 'discovery',
    method: 'GET',
    path: '/discovery',
    kind: 'record',
    mediaType: 'application/json',
    page: '/discovery/',
    summary: 'Release metadata',
    purpose: 'Release metadata and the profile inventory.',
  },
  {
    id: 'schemas',
    method: 'GET',
    path: '/schemas',
    kind: 'record',
    mediaType: 'application/json',
    page: '/profiles/',
    summary: 'Schema list',
    purpose: 'The published JSON Schema documents of the profile family.',
  },
  {
    id: 'schema',
    method: 'GET',
    path: '/schemas/{profile}',
    kind: 'record',
    mediaType: 'application/json',
    page: '/profiles/{profile}/',
    summary: 'One JSON Schema',
    purpose: 'One JSON Schema (draft 2020-12) document, with $id equal to its URL.',
  },
  {
    id: 'registry',
    method: 'GET',
    path: '/registry',
    kind: 'record',
    mediaType: 'application/json',
    page: '/registry/',
    summary: 'Profile registry',
    purpose: 'Profile identifiers, status, pairing and artifact URLs.',
  },
  {
    id: 'registry-entry',
    method: 'GET',
    path: '/registry/{profile}',
    kind: 'record',
    mediaType: 'application/json',
    page: '/profiles/{profile}/',
    summary: 'One registry entry',
    purpose: 'One profile registry entry.',
  },
  {
    id: 'field-registry',
    method: 'GET',
    path: '/field-registry',
    kind: 'record',
    mediaType: 'application/json',
    page: '/field-registry/',
    summary: 'Field registry',
    purpose: 'Keyed fields, value sets and the compact field order maps of keyless transport.',
  },
  {
    id: 'transport-bindings',
    method: 'GET',
    path: '/transport-bindings',
    kind: 'record',
    mediaType: 'application/json',
    page: '/transport-bindings/',
    summary: 'Transport bindings',
    purpose: 'Binding ids, media types and protocol-fit notes.',
  },
  {
    id: 'trust-channels',
    method: 'GET',
    path: '/trust-channels',
    kind: 'record',
    mediaType: 'application/json',
    page: '/trust-channels/',
    summary: 'Trust channels',
    purpose: 'The trust posture options and the references each expects.',
  },
  {
    id: 'conformance-levels',
    method: 'GET',
    path: '/conformance-levels',
    kind: 'record',
    mediaType: 'application/json',
    page: '/conformance-levels/',
    summary: 'Conformance levels',
    purpose: 'The ladder of support claims, with the issue codes each level guards.',
  },
  {
    id: 'error-registry',
    method: 'GET',
    path: '/error-registry',
    kind: 'record',
    mediaType: 'application/json',
    page: '/error-registry/',
    summary: 'Error registry',
    purpose: 'Published validator issue codes and HTTP/typed error codes.',
  },
  {
    id: 'examples',
    method: 'GET',
    path: '/examples',
    kind: 'record',
    mediaType: 'application/json',
    page: '/examples/',
    summary: 'Example list',
    purpose: 'Published example messages, one per profile.',
  },
  {
    id: 'example',
    method: 'GET',
    path: '/examples/{profile}',
    kind: 'record',
    mediaType: 'application/json',
    page: '/profiles/{profile}/',
    summary: 'One example',
    purpose: 'One example record; the message is its member message.',
  },
  {
    id: 'adoption-kit',
    method: 'GET',
    path: '/adoption-kit',
    kind: 'record',
    mediaType: 'application/json',
    page: '/adoption-kit/',
    summary: 'Adoption kit',
    purpose: 'Onboarding bundle: starter files, proof and next steps.',
  },
  {
    id: 'adoption-kit-download',
    method: 'GET',
    path: '/adoption-kit?download=1',
    kind: 'record',
    mediaType: 'application/json',
    page: '/adoption-kit/',
    summary: 'Adoption kit download',
    purpose: 'The same bundle as a file download.',
  },
  {
    id: 'roadmap',
    method: 'GET',
    path: '/roadmap',
    kind: 'record',
    mediaType: 'application/json',
    page: '/roadmap/',
    summary: 'Roadmap',
    purpose: 'Current, next, planned and research-track work; current lists only what the service does.',
  },
  {
    id: 'implementations',
    method: 'GET',
    path: '/implementations',
    kind: 'record',
    mediaType: 'application/json',
    page: '/implementations/',
    summary: 'Implementations',
    purpose:
      'Who implements UAI-1: every verified test-kit result, with its level, per-check verdicts, age and badges.',
  },
  {
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    kind: 'record',
    mediaType: 'application/json',
    page: '/api/',
    summary: 'OpenAPI document',
    purpose: 'OpenAPI 3.1 description of the REST surface.',
  },
  {
    id: 'conformance-pack',
    method: 'GET',
    path: '/conformance-pack',
    kind: 'record',
    mediaType: 'application/json',
    page: '/conformance-pack/',
    summary: 'Conformance pack',
    purpose: 'One bundle of schemas, registry data, fixtures and guidance.',
  },
  {
    id: 'validate',
    method: 'POST',
    path: '/validate',
    kind: 'action',
    mediaType: 'application/json',
    page: '/playground/validate/',
    summary: 'Validate a message',
    purpose: 'Validate a candidate message; returns a validator result with a conformance record.',
  },
  {
    id: 'mock-exchange',
    method: 'POST',
    path: '/mock-exchange',
    kind: 'action',
    mediaType: 'application/json',
    page: '/playground/mock-exchange/',
    summary: 'Mock exchange',
    purpose: 'Send a request message; receive a conforming response from the reference server.',
  },
  {
    id: 'check-exchange',
    method: 'POST',
    path: '/check-exchange',
    kind: 'action',
    mediaType: 'application/json',
    page: '/playground/check-exchange/',
    summary: 'Check an exchange',
    purpose: 'Validate a request and the response that answered it, and judge the pair by the exchange rules.',
  },
  {
    id: 'reference-server',
    method: 'POST',
    path: '/reference-server',
    kind: 'action',
    mediaType: 'application/json',
    page: '/test-your-implementation/',
    summary: 'Reference server',
    purpose:
      "Send a bare UAI-1 message over the HTTPS JSON binding (an object keyed, an array keyless); receive the bare answer with the binding's status.",
  },
  {
    id: 'reference-server-capability',
    method: 'GET',
    path: '/reference-server',
    kind: 'function',
    mediaType: 'application/json',
    page: '/test-your-implementation/',
    summary: 'Reference server capability statement',
    purpose: "The reference server's uai.capability.statement.v1: its profiles, endpoints and bindings.",
  },
  {
    id: 'reference-server-task',
    method: 'GET',
    path: '/reference-server/tasks/{task_ref}',
    kind: 'function',
    mediaType: 'application/json',
    page: '/test-your-implementation/',
    summary: 'Task status',
    purpose: 'A uai.task.status.v1 for a task the reference server accepted (the task_ref of its 202 answer).',
  },
];

export const routeById = (id: string): Route => {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`No route ${id}`);
  return route;
};

/** POST routes and the methods each path allows (for 405 Allow and CORS preflight). */
export const ACTION_PATHS: readonly string[] = ROUTES.filter((r) => r.kind === 'action').map((r) => r.path);

/** File name of the adoption kit when downloaded (GET /v1/adoption-kit?download=1). */
export const ADOPTION_KIT_FILENAME = 'uai-1-adoption-kit.json';
