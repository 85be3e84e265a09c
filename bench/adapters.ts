/**
 * Same-run A/B of the local server's two ways to run a function (issue 15, item 3): POST
 * /v1/validate through the Web adapter behind the node:http bridge, then through the node:http
 * adapter, each in its own process (bench/adapter-server.ts), same body, same load. The ratio is
 * what the node:http adapter is worth on this machine in this run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { NODE, runLoad, track, type LoadFigures } from './http.ts';

export interface AdapterFigures {
  readonly web: Omit<LoadFigures, 'ratioToStatic'>;
  readonly node: Omit<LoadFigures, 'ratioToStatic'>;
  /** node:http adapter req/s over Web adapter req/s (medians of one-second windows). */
  readonly ratio: number;
}

async function start(kind: 'web' | 'node'): Promise<{ child: ChildProcess; port: number }> {
  const child = track(spawn(NODE, ['bench/adapter-server.ts', kind], { stdio: ['ignore', 'pipe', 'inherit'] }));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`adapter server ${kind} did not start in 30 s`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /listening (\d+)/.exec(chunk.toString());
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`adapter server ${kind} exited ${code}`)));
  });
  return { child, port };
}

export async function adapterBench(body: string, seconds: number, warmup: boolean): Promise<AdapterFigures> {
  const out: Partial<Record<'web' | 'node', Omit<LoadFigures, 'ratioToStatic'>>> = {};
  for (const kind of ['web', 'node'] as const) {
    const { child, port } = await start(kind);
    try {
      const target = {
        name: `POST /v1/validate, ${kind} adapter`,
        url: `http://127.0.0.1:${port}/v1/validate`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      };
      [out[kind]] = await runLoad([target], seconds, warmup);
    } finally {
      child.kill('SIGTERM');
    }
  }
  const rps = (f: Omit<LoadFigures, 'ratioToStatic'>) => f.rpsSpread.median || f.requestsPerSecond;
  return { web: out.web!, node: out.node!, ratio: Number((rps(out.node!) / rps(out.web!)).toFixed(2)) };
}
