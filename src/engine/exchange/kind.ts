/** Reading the two messages of an exchange: what kind of answer a response is, and values by pointer. */
import type { ResponseKind } from '../../standard/exchange-rules.ts';
import { isRecord, own } from '../json.ts';

/** The value at an RFC 6901 pointer of a parsed message, own members only (hostile input). */
export function valueAt(message: unknown, pointer: string): unknown {
  let v: unknown = message;
  if (pointer === '') return v;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(v)) v = /^(0|[1-9][0-9]*)$/.test(key) ? v[Number(key)] : undefined;
    else if (isRecord(v)) v = own(v, key);
    else return undefined;
  }
  return v;
}

/** The kind of a response message, or undefined when it is none of the kinds an exchange answers with. */
export function responseKind(response: unknown): ResponseKind | undefined {
  const profile = valueAt(response, '/profile');
  if (profile === 'uai.error.v1') return 'error';
  if (profile === 'uai.task.status.v1') return 'task-status';
  if (profile !== 'uai.intent.response.v1') return undefined;
  const status = valueAt(response, '/body/status');
  return status === 'accepted' || status === 'completed' || status === 'rejected' ? status : undefined;
}
