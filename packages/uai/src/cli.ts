#!/usr/bin/env node
// `uai` of the published package: the repository's CLI (src/cli/main.ts), bundled.
import { main } from '../../../src/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
