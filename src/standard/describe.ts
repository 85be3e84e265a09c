import type { FieldDef, FieldType } from './model.ts';

/** Plain-language summaries of field types, shared by the field registry record and the pages. */
export function typeLabel(type: FieldType): string {
  switch (type.kind) {
    case 'string':
      return type.format ? `string (${type.format})` : 'string';
    case 'object':
      return `object (${type.ref})`;
    case 'array':
      return `array of ${typeLabel(type.items)}`;
    case 'json-object':
      return 'object';
    case 'any':
      return 'any JSON value';
    default:
      return type.kind;
  }
}

/** The object map a field's value follows (an object, or an array of objects), if any: the field tables link to it. */
export function objectRef(type: FieldType): string | undefined {
  if (type.kind === 'array') return objectRef(type.items);
  return type.kind === 'object' ? type.ref : undefined;
}

/** Closed values of a field (or of its array items), if any. */
export function allowedValues(type: FieldType): readonly (string | number)[] | undefined {
  if (type.kind === 'array') return allowedValues(type.items);
  return 'enum' in type ? type.enum : undefined;
}

/** Registered values of an open set, if any. */
export function registeredValues(type: FieldType): readonly string[] | undefined {
  if (type.kind === 'array') return registeredValues(type.items);
  return type.kind === 'string' ? type.open : undefined;
}

export function fieldSummary(field: FieldDef, position: number) {
  const allowed = allowedValues(field.type);
  const registered = registeredValues(field.type);
  return {
    key: field.key,
    position,
    type: typeLabel(field.type),
    required: field.required === true,
    ...(allowed ? { allowed_values: allowed } : {}),
    ...(registered ? { registered_values: registered, value_set: 'open' } : {}),
    ...(field.type.kind === 'string' && field.type.pattern ? { pattern: field.type.pattern } : {}),
    description: field.description,
  };
}
