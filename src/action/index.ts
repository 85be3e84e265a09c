// The bundle's entry: run the Action and end the step with its status.
import { runAction } from './main.ts';

process.exitCode = await runAction();
