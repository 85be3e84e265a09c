import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { ORIGIN, REPO, run } from '../cli/local-server.ts';
import { runners, skipped } from './runners.ts';

/**
 * A starter as a client copies the endpoint's own id into `target.id` and seals the request over
 * it. The ids here are ones a JSON library writes in ways RFC 8785 does not (Go's encoding/json
 * escapes <, > and & and U+2028; a JSON text may escape a quote or a control character): each
 * starter either sends a request whose checksum holds, or, where it cannot copy the id (the shell
 * starter reads JSON with grep), refuses with a reason and sends nothing. The endpoint lists its
 * members in an order of its own (url before binding).
 */
const IDS = {
  plain: 'R&D <lab>, {east} caf\u00e9 \u2603 \u2028\u2029',
  escaped: 'lab "one" \b\f\\ \u0001',
} as const;

interface Endpoint {
  readonly url: string;
  readonly received: string[];
  readonly server: Server;
}

async function endpoint(id: string): Promise<Endpoint> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(400, { 'content-type': 'application/problem+json' }).end('{"status":400}');
        return;
      }
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const statement = {
        profile: 'uai.capability.statement.v1',
        source: { type: 'service', id },
        body: { name: 'x', endpoints: [{ url, binding: 'https-json-keyed', media_type: 'application/json' }] },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(statement));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received, server };
}

const site = siteFor(ORIGIN);

describe.concurrent('a starter seals a request to an endpoint whose id JSON libraries write otherwise', () => {
  for (const runner of runners) {
    const skip = skipped(runner);
    for (const name of Object.keys(IDS) as (keyof typeof IDS)[]) {
      const refuses = runner.file === 'uai-starter.sh' && name === 'escaped';
      it.skipIf(skip)(
        `${runner.file}, ${name} id: ${refuses ? 'refused with a reason, nothing sent' : 'the checksum holds'}`,
        async () => {
          // An endpoint of its own per test: the tests run at once.
          const e = await endpoint(IDS[name]);
          const r = await run(runner.command, [...runner.args, 'client', e.url], { cwd: REPO, timeoutMs: 180_000 }).finally(
            () => e.server.close(),
          );
          // The endpoint refuses whatever comes: every starter ends non-zero either way.
          expect(r.code).not.toBe(0);
          const mine = e.received;
          if (refuses) {
            expect(mine).toEqual([]);
            expect(r.stderr).toMatch(/escaped characters/);
            return;
          }
          expect(mine.length, r.stderr).toBeGreaterThan(0);
          const message = JSON.parse(mine[0]!) as { target: { id: string } };
          expect(message.target.id).toBe(IDS[name]);
          const result = validateMessage(message, { mode: 'keyed-json', site, now: new Date(), text: mine[0] });
          expect(result.errors.map((i) => `${i.code} ${i.path}`)).toEqual([]);
        },
        180_000,
      );
    }
  }
});
