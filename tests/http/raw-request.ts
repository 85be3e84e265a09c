import { connect } from 'node:net';

/**
 * One HTTP/1.1 request written byte for byte on a socket, for request targets that fetch and
 * node:http would normalize or refuse (`/en-us/\evil.example`, `/./`, a tab, absolute form). The
 * answer is read to the end of the connection (`Connection: close`).
 */
export interface RawAnswer {
  readonly status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** Every byte received, later answers on the connection included. */
  readonly raw: Buffer;
}

export interface RawOptions {
  /** A body, sent with its Content-Length. */
  readonly body?: string;
  /** More header lines, e.g. `Content-Type: application/json`. */
  readonly headers?: readonly string[];
  readonly timeoutMs?: number;
}

export function rawRequest(base: string, method: string, target: string, options: RawOptions = {}): Promise<RawAnswer> {
  const { host } = new URL(base);
  const { body, headers = [], timeoutMs } = options;
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...headers];
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')]);
  return rawBytes(base, bytes, { timeoutMs, what: `${method} ${target}` });
}

/**
 * Bytes written on a socket exactly as given, for requests no client sends (malformed framing,
 * oversized heads); the first answer is read to the end of the connection.
 */
export function rawBytes(
  base: string,
  bytes: Buffer,
  {
    timeoutMs = 20_000,
    what = 'the request',
    halfClose = false,
  }: {
    readonly timeoutMs?: number | undefined;
    readonly what?: string;
    /** End the sending side after the bytes, as a client with nothing more to send may. */
    readonly halfClose?: boolean;
  } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer to ${what} in ${timeoutMs} ms`)));
    socket.once('connect', () => (halfClose ? socket.end(bytes) : socket.write(bytes)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', fail);
    socket.once('end', () => {
      try {
        done(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        fail(error);
      }
    });
  });
}

/** The first answer in bytes read from a connection. */
export function parseAnswer(raw: Buffer): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  // A later answer on the same connection is not part of this one's body.
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = unchunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body, raw };
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
