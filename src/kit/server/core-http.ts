/**
 * The kit's HTTP without a network: each request goes straight to an HTTP core handler (the one the
 * Netlify function and the local server both run), in process. The build runs the kit this way
 * against the reference server, so the report of implementations always has a live entry.
 */
import type { CoreHandler } from '../../http/core.ts';
import { answerOf, type KitHttp } from './http.ts';

export function coreHttp(core: CoreHandler, origin: string): KitHttp {
  const allows = (url: string) => URL.canParse(url) && new URL(url).origin === origin;
  return {
    allows,
    async send(method, url, body) {
      if (!allows(url)) throw new Error(`in-process kit HTTP serves ${origin} only, not ${url}`);
      const bytes = new TextEncoder().encode(body?.text ?? '');
      const headers = new Map<string, string>(body ? [['content-type', body.mediaType]] : []);
      headers.set('accept', 'application/json');
      const reply = await core({
        method,
        path: new URL(url).pathname,
        header: (name) => headers.get(name.toLowerCase()) ?? null,
        body: async (cap) => (bytes.length > cap ? undefined : bytes),
      });
      const contentType = Object.entries(reply.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
      return answerOf(reply.status, contentType, new TextEncoder().encode(reply.body ?? ''));
    },
  };
}
