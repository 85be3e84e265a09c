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
}

export interface RawOptions {
  /** A body, sent with its Content-Length. */
  readonly body?: string;
  /** More header lines, e.g. `Content-Type: application/json`. */
  readonly headers?: readonly string[];
  readonly timeoutMs?: number;
}

export function rawRequest(base: string, method: string, target: string, options: RawOptions = {}): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(base);
  const { body, headers = [], timeoutMs = 20_000 } = options;
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...headers];
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`no answer to ${method} ${target} in ${timeoutMs} ms`)),
    );
    socket.once('connect', () =>
      socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')])),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', fail);
    socket.once('end', () => {
      try {
        done(parse(Buffer.concat(chunks)));
      } catch (error) {
        fail(error);
      }
    });
  });
}

function parse(raw: Buffer): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = unchunk(body);
  return { status, headers, body };
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
