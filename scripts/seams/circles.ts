/**
 * Import circles between files: two modules that import each other, directly or around, cannot be
 * read, tested or moved one at a time, and load in an order that depends on who came first. Type
 * imports count too: the circle is in the reading, whatever the bundler erases.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[][] = [];
  const walk = (file: string, path: string[]): void => {
    if (state.get(file) === 'open') {
      found.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    if (state.get(file) === 'done') return;
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) walk(file, []);
  return found;
}
