import type { APIRoute } from 'astro';
import { translationStatus } from '../i18n/status.ts';

/** JSON twin of /translation-status/: the figures of every translation (English, like every record). */
export const GET: APIRoute = () =>
  new Response(`${JSON.stringify({ authoritative_locale: 'en', locales: translationStatus() }, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
