import { main, type Io } from '../../src/cli/main.ts';
import { siteFor, type Site } from '../../src/standard/urls.ts';

/** The io every `uai` subcommand takes: two writers, a clock and the site its links name. */
interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now: () => Date;
  readonly site: Site;
}

/** A `uai` subcommand run in process, its exit status and both outputs captured. */
export async function runCommand(
  command: (argv: readonly string[], io: CommandIo) => Promise<number>,
  argv: readonly string[],
  site: Site = siteFor('https://uai.example.org'),
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await command(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => new Date(),
    site,
  });
  return { code, stdout, stderr };
}

/** `uai` itself run in process (src/cli/main.ts), its exit status and both outputs captured. */
export async function runMain(
  argv: readonly string[],
  options: {
    readonly stdin?: string | Uint8Array;
    readonly env?: Readonly<Record<string, string | undefined>>;
    readonly now: Date;
    readonly cwd?: string;
  },
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdin: async () => options.stdin ?? '',
    env: options.env ?? { UAI_ORIGIN: 'https://uai.example.org' },
    now: () => options.now,
    cwd: () => options.cwd ?? process.cwd(),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
