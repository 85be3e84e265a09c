import { objectsByName, type ObjectDef } from '../model.ts';
import type { ProfileId } from '../profiles.ts';
import { BODY_OBJECTS } from './bodies.ts';
import { ENVELOPE_PARTS } from './envelope.ts';
import { ISSUE_ITEM } from './issue-item.ts';

/** Every object of the standard, envelope parts first; the body of profile P is named P. */
export const OBJECTS: readonly ObjectDef[] = [...ENVELOPE_PARTS, ISSUE_ITEM, ...BODY_OBJECTS];

export const objectDef: (name: string) => ObjectDef = objectsByName(OBJECTS);

export const bodyDef = (profile: ProfileId): ObjectDef => objectDef(profile);

/** Objects referenced from a body, transitively, excluding envelope parts (the order map set of a profile). */
export function nestedObjectsOf(root: ObjectDef): ObjectDef[] {
  const seen = new Map<string, ObjectDef>();
  const visit = (def: ObjectDef) => {
    for (const field of def.fields) {
      let type = field.type;
      while (type.kind === 'array') type = type.items;
      if (type.kind === 'object' && !seen.has(type.ref)) {
        const child = objectDef(type.ref);
        seen.set(type.ref, child);
        visit(child);
      }
    }
  };
  visit(root);
  return [...seen.values()];
}
