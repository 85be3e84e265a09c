/**
 * The version of the `@uai-1/uai` package this command ships in, as `uai --version` prints it.
 * Written here because the command may not import the package folder above it (docs/seams.md);
 * tests/package/version.test.ts fails when it and packages/uai/package.json disagree.
 */
export const PACKAGE_VERSION = '1.0.0';
