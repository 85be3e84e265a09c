/**
 * `npm run check:deploy -- https://<site>`: checks a running deploy (a Netlify deploy preview,
 * production, or `npm start`) route by route, prints one PASS/FAIL line per check with what is
 * wrong, and exits 1 if anything failed. `--records-origin <url>` names the origin the records
 * were built for when it is not the checked one (a local server behind another port).
 */
import { deployChecks } from './deploy-checks.ts';

const args = process.argv.slice(2);
const flag = args.indexOf('--records-origin');
const recordsOrigin = flag >= 0 ? args.splice(flag, 2)[1] : undefined;
const origin = args[0]?.replace(/\/+$/, '');
if (!origin || !/^https?:\/\/[^/]+$/.test(origin)) {
  console.error(
    'Usage: npm run check:deploy -- https://<site origin>   (no path, e.g. https://deploy-preview-12--uai.netlify.app)',
  );
  process.exit(2);
}

let failed = 0;
const checks = deployChecks(recordsOrigin);
for (const check of checks) {
  let wrong: string[];
  try {
    wrong = await check.run(origin);
  } catch (error) {
    wrong = [`request failed: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (wrong.length) failed++;
  console.log(`${wrong.length ? 'FAIL' : 'PASS'}  ${check.name}`);
  for (const line of wrong) console.log(`        ${line}`);
}
console.log(`\n${checks.length - failed} passed, ${failed} failed (${origin})`);
process.exit(failed ? 1 : 0);
