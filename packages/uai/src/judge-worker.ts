// A worker thread of `uai validate` on many files (src/cli/judge-worker.ts), bundled: dist/cli.js starts it.
import '../../../src/cli/judge-worker.ts';
