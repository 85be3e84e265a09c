import type { APIRoute, GetStaticPaths } from 'astro';
import { entryPaths } from '../../../build/records.ts';

/** Each entry's sealed result, byte for byte as submitted (anyone can check it with `uai validate`). */
export const getStaticPaths = (() => entryPaths((entry) => ({ bytes: entry.resultBytes }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ bytes: Uint8Array }> = ({ props }) =>
  new Response(new Uint8Array(props.bytes), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
