/**
 * The settings `npm start` derives from the environment (CONTRACT section 1), apart from the
 * script so that they can be tested without starting or building anything.
 */

/** PORT as a number (default 4321), or undefined when it is not a port. */
export function listenPort(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const port = Number(env.PORT || 4321);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : undefined;
}

/**
 * The origin to serve when UAI_ORIGIN is unset: the one dist/ was built for when it is served as
 * it is (--no-build), else http://localhost:<PORT> when PORT is set, so the links a local server
 * publishes lead back to it. Undefined leaves the default (http://localhost:4321).
 */
export function impliedOrigin(
  env: Readonly<Record<string, string | undefined>>,
  options: { readonly skipBuild: boolean; readonly builtOrigin: string | undefined },
): string | undefined {
  if (env.UAI_ORIGIN) return undefined;
  if (options.skipBuild) return options.builtOrigin;
  const port = listenPort(env);
  return env.PORT && port ? `http://localhost:${port}` : undefined;
}

/** One line saying what is wrong and what to set, instead of a stack trace. */
export function cannotListen(code: string | undefined, port: number): string {
  if (code === 'EADDRINUSE')
    return `Port ${port} is already in use by another process: stop that process, or set PORT to a free port (e.g. \`PORT=${port < 65535 ? port + 1 : 4322} npm start\`; the origin follows PORT unless UAI_ORIGIN is set).`;
  if (code === 'EACCES')
    return `Port ${port} needs privileges this process does not have: set PORT to a port above 1023 (e.g. \`PORT=4321 npm start\`).`;
  return `Cannot listen on port ${port} (${code ?? 'unknown error'}): set PORT to a free port.`;
}

export const START_USAGE = `npm start [-- --no-build]: build dist/ when it is stale, then serve the site and the API.
  --no-build   serve dist/ as it is (also UAI_SKIP_BUILD=1)
  --help       this text
Settings are environment variables (docs/running.md): PORT (default 4321), UAI_HOST, UAI_ORIGIN,
UAI_RATE_LIMIT=0, UAI_HEADERS_TIMEOUT_MS, UAI_REQUEST_TIMEOUT_MS.`;

/**
 * What the arguments of `npm start` ask for. Settings are environment variables, so an option such
 * as --port is refused with the variable to set instead of being ignored: the server would
 * otherwise come up on another port than the one asked for.
 */
export function startArguments(argv: readonly string[]): { skipBuild: boolean } | { help: true } | { error: string } {
  let skipBuild = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--no-build') skipBuild = true;
    else {
      const option = arg.replace(/^-+/, '').split('=', 1)[0]!.toLowerCase();
      const setting = Object.hasOwn(SETTINGS, option) ? SETTINGS[option] : undefined;
      return {
        error: setting
          ? `npm start takes no ${arg}: set the environment variable ${setting.variable} instead (e.g. \`${setting.variable}=${setting.example} npm start\`).`
          : `npm start takes no ${arg} (see npm start -- --help).`,
      };
    }
  }
  return { skipBuild };
}

/** The options people reach for, and the variable that is the setting. */
const SETTINGS: Readonly<Record<string, { variable: string; example: string }>> = {
  port: { variable: 'PORT', example: '4412' },
  host: { variable: 'UAI_HOST', example: '127.0.0.1' },
  origin: { variable: 'UAI_ORIGIN', example: 'https://uai.example.org' },
};
