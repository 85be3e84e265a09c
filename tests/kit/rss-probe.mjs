// Preloaded into a `uai` child process by the tests that measure it: on exit, writes the process's
// peak resident set size (kilobytes) to the file UAI_RSS_FILE names. On Linux it is VmHWM, the peak
// of this program's own memory: the resource usage's maxRSS carries over what the spawning process
// held when it forked, so a child of a test process at 600 MB read 590 MB there before it ran a line.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const ownPeakKb = () => {
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '';
  const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  return hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS;
};

process.on('exit', () => {
  if (process.env.UAI_RSS_FILE) writeFileSync(process.env.UAI_RSS_FILE, String(ownPeakKb()));
});
