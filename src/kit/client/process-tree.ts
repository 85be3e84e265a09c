/**
 * Every process a client started, found and ended, including those that left its process group or
 * session (setsid) and those whose parent exited (re-parented to init). On Linux the kit marks the
 * client's environment with a token unique to the run (RUN_TOKEN_VARIABLE) and looks for it in
 * /proc/<pid>/environ, which every descendant inherits at fork and keeps across exec (the way
 * Jenkins' ProcessTreeKiller finds a build's processes); the parent links of /proc/<pid>/stat add
 * the descendants of whatever was found, should one have exec'd with an environment of its own.
 * A process that both clears its environment and leaves its parent is not found. Without /proc
 * (macOS) the kit falls back to the client's process group.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The variable that carries the run's token into the client's environment. */
export const RUN_TOKEN_VARIABLE = 'UAI_KIT_CLIENT_RUN';
/** Rounds of stopping what was found before the kill: a process that forks between two scans is caught at the next. */
const MAX_ROUNDS = 50;

export const hasProcfs = (): boolean => existsSync('/proc/self/stat');

const signal = (pid: number, name: NodeJS.Signals): void => {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already, or never ours.
  }
};

/** The parent pid and state of a process, from /proc/<pid>/stat (the name, in parentheses, may hold spaces). */
function stat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state: state ?? '' };
  } catch {
    return undefined;
  }
}

function carries(pid: number, marker: Buffer): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(marker);
  } catch {
    // Another user's process, or one that just ended.
    return false;
  }
}

/**
 * The live processes of a client run: every process whose environment carries the token (the
 * client itself among them), and their descendants by parent link. Zombies are left out: they are
 * already ended. The client's pid is not trusted on its own: once it has exited, the pid may be
 * another process's.
 */
export function clientProcesses(token: string): number[] {
  const marker = Buffer.from(`${RUN_TOKEN_VARIABLE}=${token}\0`);
  const parents = new Map<number, number>();
  const found = new Set<number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const s = stat(pid);
    if (!s || s.state === 'Z' || s.state === 'X') continue;
    parents.set(pid, s.ppid);
    if (carries(pid, marker)) found.add(pid);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
  }
  return [...found];
}

/**
 * Ends every process of a client run. Each round stops (SIGSTOP) what it finds, so nothing can fork
 * again, until a scan finds nothing new; then all of them are killed. The client's process group is
 * killed as well, which is all that is done without /proc (or when /proc cannot be read).
 */
export async function endClientProcesses(root: number | undefined, token: string): Promise<void> {
  if (root !== undefined) signal(-root, 'SIGKILL');
  if (!hasProcfs()) return;
  try {
    const stopped = new Set<number>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const fresh = clientProcesses(token).filter((pid) => !stopped.has(pid));
      if (!fresh.length) break;
      for (const pid of fresh) {
        signal(pid, 'SIGSTOP');
        stopped.add(pid);
      }
    }
    for (const pid of stopped) signal(pid, 'SIGKILL');
    // What was forked in the last instant before its parent stopped: one more sweep, after the kills land.
    await new Promise((r) => setTimeout(r, 20));
    for (const pid of clientProcesses(token)) signal(pid, 'SIGKILL');
  } catch {
    // /proc could not be listed: the process group, killed above, is what the kit could end.
  }
}
