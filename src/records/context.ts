import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { pageUrl, type Site } from '../standard/urls.ts';

/** What every record builder needs: the site (origin) and the build instant. */
export interface RecordContext {
  readonly site: Site;
  /** ISO 8601 instant of the build, reported as generated_at. */
  readonly generatedAt: string;
}

/** Members every JSON record starts with, so a client can tell what it holds and where its page is. */
export function recordHeader(ctx: RecordContext, record: string, htmlPath: string) {
  return {
    record,
    current_release: RELEASE,
    uai_version: UAI_VERSION,
    base_url: ctx.site.base,
    html_url: pageUrl(ctx.site, htmlPath),
  };
}

/** generated_at, for the records that report when they were built. */
export const generatedAt = (ctx: RecordContext) => ({ generated_at: ctx.generatedAt });
