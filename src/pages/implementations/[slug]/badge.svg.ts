import type { APIRoute, GetStaticPaths } from 'astro';
import { badgeSvg } from '../../../records/badges.ts';
import { implementations } from '../../../site/records.ts';

/** Each entry's badge as a static SVG. */
export const getStaticPaths = (() =>
  implementations.map((entry) => ({
    params: { slug: entry.slug },
    props: { svg: badgeSvg(entry) },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ svg: string }> = ({ props }) =>
  new Response(props.svg, { headers: { 'Content-Type': 'image/svg+xml' } });
