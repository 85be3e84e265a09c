/**
 * Runs before `npm start`, `npm test` and `npm run build`, on any Node (plain JavaScript): the
 * project's scripts are TypeScript run by Node itself (type stripping, Node 22.18+) and Astro 7
 * needs Node 22.12+. `npm install` puts Node 24 at node_modules/.bin/node, and npm scripts find it
 * first on PATH; when it is missing, say so in one line instead of failing on a `.ts` extension.
 */
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `This project's scripts need Node 22.18 or newer, and this is Node ${process.versions.node}. ` +
      '`npm install` installs Node 24 into node_modules/.bin/node, which `npm run …` and `npx …` use: ' +
      'run `npm install` again (without --ignore-scripts or --omit=dev) and use the npm scripts.',
  );
  process.exit(1);
}
