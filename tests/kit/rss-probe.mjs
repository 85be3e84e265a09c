// Preloaded into a `uai` child process by cli-bounds.test.ts: on exit, writes the process's peak
// resident set size (kilobytes, from its own resource usage) to the file UAI_RSS_FILE names.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.UAI_RSS_FILE) writeFileSync(process.env.UAI_RSS_FILE, String(process.resourceUsage().maxRSS));
});
