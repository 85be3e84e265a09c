/** Transport bindings (CONTRACT section 9): how a message travels. */
export interface TransportBinding {
  readonly id: string;
  readonly title: string;
  readonly media_type: string;
  readonly shape: 'keyed' | 'keyless';
  readonly method: string;
  readonly protocol_fit: string;
  readonly notes: string;
}

export const TRANSPORT_BINDINGS: readonly TransportBinding[] = [
  {
    id: 'https-json-keyed',
    title: 'HTTPS JSON (keyed)',
    media_type: 'application/json',
    shape: 'keyed',
    method: 'POST',
    protocol_fit: 'Request/response over HTTPS; the default binding and the one the validator and mock exchange take.',
    notes: 'One message per request body, as a JSON object with the keys of the field registry.',
  },
  {
    id: 'https-json-keyless',
    title: 'HTTPS JSON (keyless)',
    media_type: 'application/json',
    shape: 'keyless',
    method: 'POST',
    protocol_fit: 'Bandwidth-constrained links between parties that share the field registry release.',
    notes:
      'Objects become arrays ordered by compact_field_order_maps; validate with normalization_mode keyless-json. The checksum is always over the keyed form.',
  },
  {
    id: 'https-async-callback',
    title: 'Asynchronous callback or polling',
    media_type: 'application/json',
    shape: 'keyed',
    method: 'POST (callback) or GET (polling)',
    protocol_fit:
      'Long-running intents: the response is accepted with a task_ref, then uai.task.status.v1 messages follow by callback to the requester or by polling the task.',
    notes: 'delivery.mode is async; delivery.task_ref, body.task_ref and body.result.task_id carry the same reference.',
  },
];
