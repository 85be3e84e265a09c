/**
 * The open-loop generator in a process of its own, as wrk2 is:
 *   node <this file> '<json of heldSeries' arguments>'
 * prints the series as one JSON line. The bench process holds the figures of every step before
 * the load (engine batches, worst shapes, autocannon's samples); a generator inside it pays that
 * heap's collections, and every late send is charged to the server's latency.
 */
import { heldSeries } from './held-load.ts';

const [plan, seconds, runs, warmupSeconds] = JSON.parse(process.argv[2]!) as Parameters<typeof heldSeries>;
process.stdout.write(`${JSON.stringify(await heldSeries(plan, seconds, runs, warmupSeconds))}\n`);
