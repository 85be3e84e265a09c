/**
 * An implementation's badge, in two forms at stable URLs: a static SVG drawn by badge-maker (the
 * library shields.io draws its badges with: the flat style, Verdana 11px text widths, role="img" and
 * a <title>), and a JSON file in the shields.io endpoint schema for those who prefer shields' own
 * rendering (https://shields.io/badges/endpoint-badge).
 */
import { makeBadge } from 'badge-maker';
import { RELEASE } from '../standard/release.ts';
import type { VerifiedEntry } from './implementations.ts';

/** shields.io named colours (the same names badge-maker takes). */
const COLOR = { L4: 'brightgreen', pass: 'green', fail: 'red', stale: 'lightgrey' } as const;

export interface BadgeFace {
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

/** What the badge says: the release, the level, pass or fail, and stale when it is. */
export function badgeFace(entry: Pick<VerifiedEntry, 'level' | 'status' | 'stale'>): BadgeFace {
  const parts = [entry.level ?? 'no level', entry.status, ...(entry.stale ? ['stale'] : [])];
  const color = entry.stale
    ? COLOR.stale
    : entry.status === 'fail'
      ? COLOR.fail
      : entry.level === 'L4'
        ? COLOR.L4
        : COLOR.pass;
  return { label: RELEASE, message: parts.join(' | '), color };
}

export const badgeSvg = (entry: Pick<VerifiedEntry, 'level' | 'status' | 'stale'>): string =>
  `${makeBadge({ ...badgeFace(entry), style: 'flat' })}\n`;

/** The shields.io endpoint schema (schemaVersion 1). */
export const badgeEndpoint = (entry: Pick<VerifiedEntry, 'level' | 'status' | 'stale'>) => ({
  schemaVersion: 1 as const,
  ...badgeFace(entry),
});
