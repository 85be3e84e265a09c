import type { APIRoute, GetStaticPaths } from 'astro';
import { badgeSvg } from '../../../records/badges.ts';
import { entryPaths } from '../../../build/records.ts';

/** Each entry's badge as a static SVG. */
export const getStaticPaths = (() => entryPaths((entry) => ({ svg: badgeSvg(entry) }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ svg: string }> = ({ props }) =>
  new Response(props.svg, { headers: { 'Content-Type': 'image/svg+xml' } });
