import type { APIRoute } from 'astro';
import { GLOSSARY, termAnchor } from '../i18n/glossary.ts';

/** JSON twin of /glossary/: the terms every translation keeps in English. */
export const GET: APIRoute = () =>
  new Response(
    `${JSON.stringify({ terms: GLOSSARY.map((g) => ({ term: g.term, anchor: termAnchor(g.term), meaning: g.meaning })) }, null, 2)}\n`,
    { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
  );
