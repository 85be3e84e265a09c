/**
 * `npm run dev`: Astro's dev server, for editing pages with live reload. The Netlify adapter's
 * dev emulation replays the last build's `dist/_redirects`, but answers a `404` rewrite with 200
 * and a forced rewrite for any method (GET /v1/nope gave the problem body with 200, POST
 * /v1/catalog the catalog). Without that file the on-demand fallback (src/pages/v1/[...unknown].ts)
 * answers /v1 as `npm start` does, so dev removes it; `npm run build` writes it again.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const node = process.execPath;
const generated = spawnSync(node, ['scripts/generate-validators.ts'], { stdio: 'inherit' });
if (generated.status !== 0) process.exit(generated.status ?? 1);
rmSync('dist/_redirects', { force: true });
const dev = spawnSync(node, ['node_modules/astro/bin/astro.mjs', 'dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
process.exit(dev.status ?? 0);
