import { startLocalServer, type LocalServer } from '../support/local-server.ts';

/** The CLI and starter suites' view of the one local-server helper (tests/support/local-server.ts). */
export { freePort, NODE, ORIGIN, REPO, run, uai, type LocalServer, type Run } from '../support/local-server.ts';

export const startServer = (port?: number): Promise<LocalServer> => startLocalServer({ port });
