import type { TypeShape, ObjectShape } from '../../standard/model.ts';
import type { IssueDraft } from '../issues.ts';
import { childPath } from '../pointer.ts';
import { aliasOf, bodyDefFor, defIndex, ENVELOPE, objectDef } from '../field-model.ts';
import { echo, isRecord, wellFormed } from '../json.ts';

/**
 * Walks the message along the field model (CONTRACT section 4): keys spelled as an alias of a
 * registered key (error naming the right key), unknown members (warning) and values outside an
 * open set (warning). Only registered objects are entered; free-form JSON (json-object, any) is
 * not. Depth is bounded by the model and was checked before.
 */
export function memberIssues(message: Record<string, unknown>): IssueDraft[] {
  const out: IssueDraft[] = [];
  walkObject(message, ENVELOPE, [], message.profile, out);
  return out;
}

/**
 * The walk keeps the keys leading to the current value and writes a pointer only for a finding:
 * a clean message (the common case) builds no path strings at all.
 */
type Trail = (string | number)[];

const pointer = (trail: Trail, last?: string): string => {
  let out = '';
  for (const segment of trail) out = childPath(out, segment);
  return last === undefined ? out : childPath(out, last);
};

function walkObject(
  value: Record<string, unknown>,
  def: ObjectShape,
  trail: Trail,
  profile: unknown,
  out: IssueDraft[],
): void {
  const { fields } = defIndex(def);
  for (const key of Object.keys(value)) {
    const field = fields.get(key);
    if (!field) {
      const keyPath = pointer(trail, key);
      const right = aliasOf(def, key);
      const shown = JSON.stringify(echo(key));
      if (right !== undefined) {
        out.push({
          code: 'field.alias_key',
          path: keyPath,
          message: `The key ${shown} is an alias; write it as ${right}.`,
          expected: right,
          actual: wellFormed(key),
        });
      } else {
        out.push({
          code: 'field.unknown_member',
          path: keyPath,
          message: `The member ${shown} is not registered for ${def.title.toLowerCase()}.`,
          actual: echo(key),
        });
      }
      continue;
    }
    const child = value[key];
    const kind = field.type.kind;
    // Only objects, arrays and open-set strings can hold findings.
    if (typeof child !== 'object' && !(kind === 'string' && field.type.open)) continue;
    trail.push(key);
    if (def === ENVELOPE && key === 'body') {
      const body = bodyDefFor(profile);
      if (body && isRecord(child)) walkObject(child, body, trail, profile, out);
    } else {
      walkValue(child, field.type, trail, profile, out);
    }
    trail.pop();
  }
}

function walkValue(value: unknown, type: TypeShape, trail: Trail, profile: unknown, out: IssueDraft[]): void {
  switch (type.kind) {
    case 'object':
      if (isRecord(value)) walkObject(value, objectDef(type.ref), trail, profile, out);
      return;
    case 'array':
      if (Array.isArray(value))
        for (let i = 0; i < value.length; i += 1) {
          trail.push(i);
          walkValue(value[i], type.items, trail, profile, out);
          trail.pop();
        }
      return;
    case 'string':
      if (type.open && typeof value === 'string' && !type.open.includes(value)) {
        out.push({
          code: 'field.unregistered_value',
          path: pointer(trail),
          message: `The value ${JSON.stringify(echo(value))} is not registered in this open set.`,
          expected: [...type.open],
          actual: echo(value),
        });
      }
      return;
    default:
      return;
  }
}
