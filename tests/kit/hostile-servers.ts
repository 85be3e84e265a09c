import type { Socket } from 'node:net';
import type { KitCheckId } from '../../src/standard/kit-checks.ts';
import type { Exchange, Raw, Transform } from './harness.ts';

/**
 * Servers that break the exchange or the wire: the reference server whose sync answer (or every
 * answer) is replaced by something a hostile or broken peer sends. Shared by the in-process table
 * (broken-servers.test.ts) and the CLI runs that measure memory (cli-bounds.test.ts).
 */
export interface HostileServer {
  readonly behaviour: string;
  /** Must-checks the behaviour fails: the run fails (exit 1, result fail). */
  readonly fails: readonly KitCheckId[];
  /** Should-checks it fails: reported with their evidence, and the run passes unless `fails` says otherwise. */
  readonly reports?: readonly KitCheckId[];
  /** What the evidence of each of them says. */
  readonly evidence: RegExp;
  /** Whether the run cannot go on after it (exit 1, result fail, the reason in `aborted`). */
  readonly stops: boolean;
  readonly transform: Transform;
}

const parsed = (ex: Exchange): unknown => {
  try {
    return JSON.parse(ex.requestText);
  } catch {
    return undefined;
  }
};
const isValidRequest = (ex: Exchange) => ex.method === 'POST' && ex.response.status < 400;
/** The answer to the kit's sync request for the profile the server declares. */
const isSync = (ex: Exchange) => {
  const m = parsed(ex) as { delivery?: { mode?: string }; body?: { subject?: string } } | undefined;
  return isValidRequest(ex) && m?.delivery?.mode === 'sync' && m.body?.subject !== 'uai.unregistered.subject.v1';
};

const onSync =
  (answer: (ex: Exchange) => Response | Raw | Promise<Response | Raw>): Transform =>
  (ex) =>
    isSync(ex) ? answer(ex) : ex.response;

/** Writes `head` and then whatever `next` gives, as fast as the peer reads, until it gives nothing or the peer leaves. */
function pump(socket: Socket, head: string, next: () => Buffer | undefined): void {
  socket.on('error', () => undefined);
  socket.write(head);
  const go = () => {
    while (!socket.destroyed) {
      const chunk = next();
      if (!chunk) return void socket.end();
      if (!socket.write(chunk)) return void socket.once('drain', go);
    }
  };
  go();
}

export const head = (status: string, headers: Record<string, string | number>) =>
  `HTTP/1.1 ${status}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** The real answer, written by hand after `before` (and with `declared` as its Content-Length). */
export const rawAnswer =
  (before: string, options: { extraLength?: number; cutAt?: number; chunkedToo?: boolean } = {}) =>
  async (ex: Exchange): Promise<Raw> => {
    const text = await ex.response.text();
    const length = Buffer.byteLength(text);
    return {
      raw: (socket) => {
        socket.on('error', () => undefined);
        socket.write(before);
        socket.write(
          head(`${ex.response.status} OK`, {
            'content-type': 'application/json',
            'content-length': length + (options.extraLength ?? 0),
            ...(options.chunkedToo ? { 'transfer-encoding': 'chunked' } : {}),
            connection: 'close',
          }),
        );
        if (options.cutAt !== undefined) {
          socket.write(text.slice(0, options.cutAt));
          socket.resetAndDestroy();
        } else socket.end(text);
      },
    };
  };

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/** A body of `total` bytes (a JSON string of spaces), chunked, written as fast as the kit reads. */
function bigBody(total: number, declare: boolean): Raw {
  return {
    raw: (socket) => {
      let sent = 0;
      pump(
        socket,
        head('200 OK', {
          'content-type': 'application/json',
          ...(declare ? { 'content-length': total } : { 'transfer-encoding': 'chunked' }),
          connection: 'close',
        }),
        () => {
          if (sent >= total) return declare ? undefined : (Buffer.from('0\r\n\r\n') as Buffer | undefined);
          sent += CHUNK.length;
          return declare
            ? CHUNK
            : Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]);
        },
      );
    },
  };
}

export const ANSWER_400_MB = 400 * MB;

/**
 * A sync answer of `total` spaces in 1-byte chunks, as fast as the kit reads: each chunk is a
 * piece the kit receives on its own, so it keeps them as one buffer or grows by a Buffer object
 * per byte (250 MB and more for 256 KiB, when it did).
 */
export const inOneByteChunks = (total: number): Transform => onSync(() => oneByteChunks(total));

/** An answer of `total` spaces in 1-byte chunks (inOneByteChunks). */
export const oneByteChunks = (total: number): Raw => ({
  raw: (socket) => {
    const block = Buffer.from('1\r\n \r\n'.repeat(64 * 1024));
    let sent = 0;
    pump(socket, head('200 OK', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }), () => {
      if (sent >= total) return sent++ === total ? Buffer.from('0\r\n\r\n') : undefined;
      const bytes = Math.min(64 * 1024, total - sent);
      sent += bytes;
      return block.subarray(0, bytes * 6);
    });
  },
});

/** Every answer (the statement's, the refusals' too) with a member `x` of `count` empty objects added, not resealed. */
const everyAnswerWidened =
  (count: number): Transform =>
  async (ex) =>
    new Response((await ex.response.text()).replace(/}\s*$/, `,"x":[${'{},'.repeat(count)}{}]}`), {
      status: ex.response.status,
      headers: { 'content-type': 'application/json' },
    });

/** Answers whose JSON costs the kit most to parse: 4 MB of one array nested in the next, 4 MB of empty objects. */
const PARSE_BOMBS: readonly HostileServer[] = [
  {
    behaviour: 'answers with JSON nested 4 MB deep',
    fails: ['message.valid'],
    evidence: /4000000 bytes, over the 262,144 bytes of one message the kit parses/,
    stops: false,
    transform: onSync(
      () => new Response('['.repeat(4_000_000), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  },
  {
    behaviour: 'answers everything with 4 MB of empty objects',
    fails: ['capability.reachable', 'message.valid'],
    evidence: /over the 262,144 bytes of one message the kit parses/,
    stops: false,
    transform: everyAnswerWidened(1_390_000),
  },
  {
    // Each answer small enough to parse: a run that kept every one of them held 320 MB.
    behaviour: 'answers everything with 256 KiB of empty objects',
    fails: ['message.valid'],
    evidence: /past the 524,288 bytes the kit parses in one run/,
    stops: false,
    transform: everyAnswerWidened(85_000),
  },
];

export const HOSTILE_SERVERS: readonly HostileServer[] = [
  {
    behaviour: 'never answers',
    fails: ['transport.answered'],
    evidence: /no answer within \d+ ms/,
    stops: true,
    // Reads the request (the capability statement was served) and then says nothing at all.
    transform: (ex) => (ex.method === 'POST' ? new Promise<Response>(() => undefined) : ex.response),
  },
  {
    behaviour: 'echoes the request',
    fails: ['exchange.response_profile', 'message.own_ids'],
    evidence: /none of the kinds an exchange answers with|id of the kit's/,
    stops: false,
    transform: (ex) =>
      isValidRequest(ex)
        ? new Response(ex.requestText, { status: 200, headers: { 'content-type': 'application/json' } })
        : ex.response,
  },
  {
    behaviour: 'redirects',
    fails: ['transport.no_redirect'],
    evidence: /HTTP 307 to https:\/\/elsewhere\.example\/uai/,
    stops: false,
    transform: onSync(
      () => new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/uai' } }),
    ),
  },
  {
    // HTTP allows it (RFC 9110 section 15.2): a CDN's Early Hints in front of a correct server.
    behaviour: 'sends 1xx first',
    fails: [],
    reports: ['transport.no_interim'],
    evidence: /HTTP 103 Early Hints before the answer/,
    stops: false,
    transform: onSync(rawAnswer('HTTP/1.1 103 Early Hints\r\nlink: </v1/>; rel=preload\r\n\r\n')),
  },
  {
    behaviour: 'floods interim responses',
    fails: ['transport.answered'],
    reports: ['transport.no_interim'],
    evidence: /HTTP 102 Processing before the answer|\d+ interim responses and no answer/,
    stops: true,
    // 102 Processing, over and over, as fast as the kit reads: never an answer.
    transform: onSync(() => ({
      raw: (socket) => {
        const burst = Buffer.from('HTTP/1.1 102 Processing\r\n\r\n'.repeat(1000));
        pump(socket, '', () => burst);
      },
    })),
  },
  {
    behaviour: 'sends 1xx and then nothing',
    fails: ['transport.answered'],
    reports: ['transport.no_interim'],
    evidence: /HTTP 103 Early Hints before the answer|no answer within \d+ ms/,
    stops: true,
    transform: onSync(() => ({
      raw: (socket) => {
        socket.on('error', () => undefined);
        socket.write('HTTP/1.1 103 Early Hints\r\nlink: </v1/>; rel=preload\r\n\r\n');
      },
    })),
  },
  {
    // Unasked (the kit sends no Upgrade), so forbidden (RFC 9110 section 7.8), and no answer follows.
    behaviour: 'switches protocols',
    fails: ['transport.answered'],
    evidence: /HTTP 101 switching to uai-raw .*RFC 9110 section 7\.8/,
    stops: false,
    transform: onSync(() => ({
      raw: (socket) => {
        socket.on('error', () => undefined);
        socket.end(head('101 Switching Protocols', { upgrade: 'uai-raw', connection: 'Upgrade' }));
      },
    })),
  },
  {
    // A transfer coding is the connection's: a proxy re-frames it, so only the kit's own request sees it.
    behaviour: 'sends a transfer coding it was not offered',
    fails: ['message.encoding'],
    evidence: /Transfer-Encoding: gzip, chunked/,
    stops: false,
    transform: onSync(async (ex) => {
      const text = await ex.response.text();
      return {
        raw: (socket) => {
          socket.on('error', () => undefined);
          socket.end(
            `${head('200 OK', { 'content-type': 'application/json', 'transfer-encoding': 'gzip, chunked', connection: 'close' })}${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n0\r\n\r\n`,
          );
        },
      };
    }),
  },
  {
    behaviour: 'answers with bytes that are not HTTP',
    fails: ['transport.answered'],
    evidence: /the answer is not HTTP\/1\.1 \(HPE_INVALID_CONSTANT: /,
    stops: true,
    // A body with no status line before it, as an HTTP/0.9 server would send.
    transform: onSync(async (ex) => {
      const text = await ex.response.text();
      return { raw: (socket) => socket.on('error', () => undefined).end(text) };
    }),
  },
  {
    behaviour: 'declares a length and a chunked body at once',
    fails: ['transport.answered'],
    evidence: /the answer is not HTTP\/1\.1 \(HPE_INVALID_TRANSFER_ENCODING: /,
    stops: true,
    transform: onSync(rawAnswer('', { chunkedToo: true })),
  },
  {
    behaviour: 'resets mid-body',
    fails: ['transport.answered'],
    evidence: /closed after \d+ bytes/,
    stops: false,
    transform: onSync(rawAnswer('', { cutAt: 300 })),
  },
  {
    behaviour: 'sends fewer bytes than Content-Length',
    fails: ['transport.answered'],
    evidence: /Content-Length \d+/,
    stops: false,
    transform: onSync(rawAnswer('', { extraLength: 100 })),
  },
  {
    behaviour: 'declares 400 MB',
    fails: ['transport.size_limit'],
    evidence: /Content-Length 419430400 is over the 4194304 bytes/,
    stops: false,
    transform: onSync(() => bigBody(ANSWER_400_MB, true)),
  },
  {
    behaviour: 'sends an endless chunked body',
    fails: ['transport.size_limit'],
    evidence: /passed 4194304 bytes; the kit stopped reading/,
    stops: false,
    transform: onSync(() => bigBody(Number.POSITIVE_INFINITY, false)),
  },
  {
    behaviour: 'sends one byte a second',
    fails: ['transport.answered'],
    evidence: /not complete within \d+ ms/,
    stops: true,
    transform: onSync(() => ({
      raw: (socket) => {
        socket.on('error', () => undefined);
        socket.write(head('200 OK', { 'content-type': 'application/json', 'content-length': 1000 }));
        const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(' ')), 1000);
        socket.on('close', () => clearInterval(timer));
      },
    })),
  },
  ...PARSE_BOMBS,
];

/** A sync answer of 400 MB sent without a length, as fast as the kit reads (for the memory measurement). */
export const STREAMS_400_MB: Transform = onSync(() => bigBody(ANSWER_400_MB, false));
