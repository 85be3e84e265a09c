import type { APIRoute } from 'astro';
import { exchangeFixtures } from '../../../engine/index.ts';
import { site } from '../../../build/records.ts';

/**
 * Every exchange fixture of the playground, fetched by the page when a visitor picks one other
 * than the first: the page itself embeds only the first, so it stays small (the pairs are about
 * 125 KB). A file of the page, not a /v1 record: the conformance pack publishes the same fixtures.
 */
export const GET: APIRoute = () => {
  const fixtures = exchangeFixtures(site);
  return new Response(JSON.stringify([...fixtures.valid, ...fixtures.invalid]), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
