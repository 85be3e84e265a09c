import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES_FILE, messageTypes } from '../../scripts/package/message-types.ts';
import { OBJECTS } from '../../src/standard/objects/index.ts';
import { PROFILE_IDS } from '../../src/standard/profiles.ts';

describe('the package types (packages/uai/src/types.ts)', () => {
  it('are what the field model writes today (run node scripts/package/message-types.ts when this fails)', async () => {
    expect(readFileSync(MESSAGE_TYPES_FILE, 'utf8')).toBe(await messageTypes());
  });

  it('name every object, every field and every profile of the field model', async () => {
    const text = await messageTypes();
    for (const id of PROFILE_IDS) expect(text).toContain(`Envelope<'${id}',`);
    for (const def of OBJECTS) for (const field of def.fields) expect(text).toMatch(new RegExp(`\\b${field.key}\\??:`));
  });
});
