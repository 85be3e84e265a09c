import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * The floor every check is compared with: what any service must at least do with a JSON body it
 * answers for (parse it, put it in RFC 8785 canonical form, hash that, write JSON back).
 */
export function floorOf(text: string): void {
  const value = JSON.parse(text);
  createHash('sha256').update(canonicalize(value)!, 'utf8').digest('hex');
  JSON.stringify(value);
}
