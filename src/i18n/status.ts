import { EN } from './en.ts';
import { REPORTS } from './index.ts';
import { localeOf, TRANSLATED } from '../service/locales.ts';

/** The translation status of each locale: the figures of the status page and its JSON twin. */
export interface LocaleStatus {
  readonly locale: string;
  readonly lang: string;
  readonly name: string;
  readonly messages: number;
  readonly complete: number;
  readonly stale: number;
  /** Always 0 in a published build: a missing message fails the build. */
  readonly missing: number;
  readonly stale_ids: readonly string[];
}

export const translationStatus = (): LocaleStatus[] =>
  TRANSLATED.map((code) => {
    const report = REPORTS[code];
    const l = localeOf(code);
    return {
      locale: code,
      lang: l.lang,
      name: l.name,
      messages: Object.keys(EN).length,
      complete: report.complete.length,
      stale: report.stale.length,
      missing: Object.keys(EN).length - report.complete.length - report.stale.length,
      stale_ids: [...report.stale].sort(),
    };
  });
