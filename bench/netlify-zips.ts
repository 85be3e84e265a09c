/**
 * The function archives a Netlify deploy uploads, measured: each function packaged by
 * zip-it-and-ship-it (the packager Netlify Build and netlify-cli run), with the archive's size,
 * the uncompressed size of its files, and its largest files. Needs `npm run build` first (the
 * adapter's function is a build output). Run alone: `node bench/netlify-zips.ts`.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

export interface ZipEntry {
  readonly name: string;
  readonly bytes: number;
}

export interface FunctionZip {
  readonly name: string;
  readonly bundler: string;
  readonly zipBytes: number;
  readonly unzippedBytes: number;
  readonly largest: readonly ZipEntry[];
}

/** The entries of a zip archive, from its central directory (APPNOTE.TXT section 4.3.12). */
export function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), bytes: zip.readUInt32LE(at + 24) });
    at += 46 + nameLength + extra;
  }
  return entries;
}

/** Packages the site's functions as a deploy would, into a temporary folder, and measures them. */
export async function measureNetlifyZips(root = process.cwd()): Promise<FunctionZip[]> {
  const out = mkdtempSync(join(tmpdir(), 'uai-zips-'));
  try {
    const results = await zipFunctions(
      {
        generated: { directories: [join(root, '.netlify/v1/functions')], functions: [] },
        user: { directories: [join(root, 'netlify/functions')], functions: [] },
      },
      out,
      { basePath: root, repositoryRoot: root, archiveFormat: 'zip' },
    );
    return results
      .map((r) => {
        const entries = zipEntries(readFileSync(r.path));
        return {
          name: r.name,
          bundler: r.bundler ?? 'none',
          zipBytes: statSync(r.path).size,
          unzippedBytes: entries.reduce((sum, e) => sum + e.bytes, 0),
          largest: [...entries].sort((a, b) => b.bytes - a.bytes).slice(0, 3),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const z of await measureNetlifyZips()) {
    console.log(
      `${z.name} (${z.bundler}): zip ${kb(z.zipBytes)}, unzipped ${kb(z.unzippedBytes)}; largest: ${z.largest.map((e) => `${e.name} ${kb(e.bytes)}`).join(', ')}`,
    );
  }
}
