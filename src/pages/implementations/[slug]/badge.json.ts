import type { APIRoute, GetStaticPaths } from 'astro';
import { badgeEndpoint } from '../../../records/badges.ts';
import { serializeRecord } from '../../../records/index.ts';
import { entryPaths } from '../../../build/records.ts';

/** Each entry's badge in the shields.io endpoint schema (https://img.shields.io/endpoint?url=...). */
export const getStaticPaths = (() => entryPaths((entry) => ({ badge: badgeEndpoint(entry) }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ badge: unknown }> = ({ props }) =>
  new Response(serializeRecord(props.badge), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
