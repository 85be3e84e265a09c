/**
 * One process timing worst shapes on the route cores of the checkout it runs in (its working
 * directory: this one, or an older commit's worktree), as the functions run them:
 *   node <this file> <shapes.json> <reps>
 * For each shape of the file ({name, route, text}), `reps` times: the CPU time of one POST to the
 * route's core (netlify/functions/<route>.mts, export `core`), then of the floor of the same
 * bytes. One JSON line per shape on standard output, written as soon as it is measured, so a
 * parent that stops a slow run still has what came before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { postToCore, type WorstShape } from './worst-shape-bodies.ts';
import { floorOf } from './floor.ts';

export interface ShapeTiming {
  readonly name: string;
  readonly route: string;
  readonly bytes: number;
  readonly status: number;
  readonly answerBytes: number;
  /** CPU ms of each POST, and of each floor run next to it. */
  readonly cpuMs: readonly number[];
  readonly floorMs: readonly number[];
}

const cpuMs = async (fn: () => unknown): Promise<number> => {
  const t = process.cpuUsage();
  await fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};

const [file, reps = '1'] = process.argv.slice(2);
const shapes = JSON.parse(readFileSync(file!, 'utf8')) as WorstShape[];
const cores = new Map<string, Parameters<typeof postToCore>[0]>();
for (const shape of shapes) {
  if (!cores.has(shape.route)) {
    const module = pathToFileURL(join(process.cwd(), 'netlify/functions', `${shape.route}.mts`)).href;
    cores.set(shape.route, (await import(module)).core);
  }
  const core = cores.get(shape.route)!;
  let reply: Awaited<ReturnType<typeof postToCore>> | undefined;
  const timing = { cpuMs: [] as number[], floorMs: [] as number[] };
  for (let i = 0; i < Number(reps); i++) {
    timing.cpuMs.push(await cpuMs(async () => (reply = await postToCore(core, shape.route, shape.text))));
    timing.floorMs.push(await cpuMs(() => floorOf(shape.text)));
  }
  const line: ShapeTiming = {
    name: shape.name,
    route: shape.route,
    bytes: Buffer.byteLength(shape.text),
    status: reply!.status,
    answerBytes: Buffer.byteLength(reply!.body ?? ''),
    ...timing,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
