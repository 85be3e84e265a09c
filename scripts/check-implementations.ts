/**
 * `node scripts/check-implementations.ts [dir...]`: verifies the entries of the report of
 * implementations (by default those the build reads: implementations/ and UAI_IMPLEMENTATION_FIXTURES) with the checks the build applies, and runs the
 * kit in process against the reference server. `npm run build` runs it first, so a broken entry
 * stops the build with one line naming its file and the reason; exit 1 then.
 */
import { configuredSite } from '../src/service/config.ts';
import { EntryError } from '../src/records/implementations.ts';
import { implementationDirs, loadImplementations } from '../src/build/implementations.ts';

const dirs = process.argv.slice(2);
try {
  const entries = await loadImplementations(
    configuredSite(process.env),
    new Date(),
    dirs.length ? dirs : implementationDirs(),
  );
  const stale = entries.filter((e) => e.stale).length;
  console.log(
    `Implementations: ${entries.length} entries verified (${entries.map((e) => `${e.slug} ${e.level ?? 'no level'} ${e.status}`).join(', ')})${stale ? `, ${stale} stale` : ''}`,
  );
} catch (error) {
  if (!(error instanceof EntryError)) throw error;
  console.error(`Implementations: broken entry: ${error.message}`);
  process.exit(1);
}
