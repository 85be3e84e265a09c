/**
 * A JSON array written item by item: the same bytes as `JSON.stringify(items, null, 2)` of the
 * whole array nested `depth` levels deep, without holding the items. Indenting an item's own
 * text is exact because JSON.stringify escapes every line break inside strings.
 */
export interface StreamedArray {
  readonly item: (value: unknown) => void;
  /** Writes the closing bracket ("[]" when no item was written). */
  readonly close: () => void;
}

export function streamedArray(write: (text: string) => void, depth: number): StreamedArray {
  const pad = '  '.repeat(depth);
  let written = 0;
  return {
    item(value) {
      const text = JSON.stringify(value, null, 2).replaceAll('\n', `\n${pad}  `);
      write(`${written++ === 0 ? '[' : ','}\n${pad}  ${text}`);
    },
    close() {
      write(written === 0 ? '[]' : `\n${pad}]`);
    },
  };
}
