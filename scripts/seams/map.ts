/**
 * The map of the house: every room of the tree, the door others enter it by, and the rooms it may
 * import. docs/seams.md is this table in prose; tests/seams/seams.test.ts holds the tree to it
 * (scripts/seams/check.ts). A file belongs to the room of its longest matching prefix.
 */
export interface Room {
  readonly name: string;
  /** Path prefixes (a folder ending in `/`, or one file) whose files are this room's. */
  readonly paths: readonly string[];
  /** What the room holds, in a few words (the first column of docs/seams.md). */
  readonly holds: string;
  /** The rooms whose files this room may import (its own files always). */
  readonly mayImport: readonly string[];
  /**
   * The files others enter by; without it, any file is a door. `everyone` binds tests, scripts
   * and benchmarks too; `product` only the shipped rooms (tests may reach inside to test parts).
   */
  readonly door?: Door;
}

export interface Door {
  readonly files: readonly string[];
  readonly binds: 'everyone' | 'product';
  /** Files allowed behind the door, each for a reason given where it is listed. */
  readonly behind?: readonly string[];
}

/** Rooms that ship nothing: they may reach through a `product` door. */
export const TOOLING: readonly string[] = ['tests', 'scripts', 'bench', 'config'];

const PRODUCT = ['standard', 'service', 'engine', 'records', 'http', 'kit', 'build', 'i18n', 'pages', 'browser'];

export const ROOMS: readonly Room[] = [
  { name: 'standard', paths: ['src/standard/'], holds: "the standard's data", mayImport: [] },
  { name: 'service', paths: ['src/service/'], holds: 'the service description', mayImport: ['standard'] },
  {
    name: 'engine',
    paths: ['src/engine/'],
    holds: 'the pure engine',
    mayImport: ['standard'],
    door: {
      files: ['src/engine/index.ts', 'src/engine/browser.ts'],
      binds: 'everyone',
      // The per-stage benchmarks time the validator's and the mock exchange's stages one by one,
      // which the entry does not expose (and should not); eslint.config.js makes the same exception.
      behind: ['bench/stages.ts', 'bench/mock-stages.ts'],
    },
  },
  {
    name: 'records',
    paths: ['src/records/'],
    holds: 'the published records',
    mayImport: ['engine', 'service', 'standard'],
  },
  {
    name: 'http',
    paths: ['src/http/'],
    holds: 'the HTTP shells',
    mayImport: ['engine', 'records', 'service', 'standard'],
  },
  {
    name: 'functions',
    paths: ['netlify/', 'src/pages/v1/[...unknown].ts'],
    holds: 'the deployed entry points',
    mayImport: ['http', 'engine', 'records', 'service', 'standard', 'build'],
  },
  {
    name: 'kit',
    paths: ['src/kit/'],
    holds: 'the test kits',
    mayImport: ['http', 'engine', 'standard'],
    door: {
      files: [
        'src/kit/index.ts',
        'src/kit/command.ts',
        'src/kit/client/command.ts',
        // Command-line mistakes, shared with the CLI's own commands.
        'src/kit/usage.ts',
        // Terminal-safe text: the CLI's text reports escape what they quote as the kit's do.
        'src/kit/terminal.ts',
        // The proxy's commands: uai proxy, and uai check-exchange --recording.
        'src/kit/proxy/command.ts',
        'src/kit/proxy/replay-command.ts',
      ],
      binds: 'product',
    },
  },
  {
    name: 'build',
    paths: ['src/build/'],
    holds: "the build's view",
    mayImport: ['kit', 'http', 'records', 'engine', 'service', 'standard'],
  },
  { name: 'i18n', paths: ['src/i18n/'], holds: "the pages' text", mayImport: ['service', 'standard'] },
  {
    name: 'pages',
    paths: ['src/pages/', 'src/components/', 'src/layouts/', 'src/styles/', 'src/middleware.ts'],
    holds: 'the pages',
    mayImport: ['build', 'i18n', 'browser', 'records', 'engine', 'service', 'standard'],
  },
  {
    name: 'browser',
    paths: ['src/browser/'],
    holds: "the pages' browser code",
    mayImport: ['engine'],
  },
  {
    name: 'cli',
    paths: ['src/cli/', 'bin/'],
    holds: 'the uai command',
    mayImport: ['kit', 'http', 'build', 'records', 'engine', 'service', 'standard'],
  },
  { name: 'action', paths: ['src/action/'], holds: 'the GitHub Action', mayImport: ['cli', 'engine', 'standard'] },
  {
    name: 'package',
    paths: ['packages/'],
    holds: 'the published package',
    mayImport: ['cli', 'kit', 'engine', 'standard'],
  },
  { name: 'starters', paths: ['starters/'], holds: 'the language starters', mayImport: [] },
  {
    name: 'scripts',
    paths: ['scripts/'],
    holds: 'build and maintainer commands',
    mayImport: [...PRODUCT, 'functions'],
  },
  { name: 'bench', paths: ['bench/'], holds: 'the benchmarks', mayImport: [...PRODUCT, 'scripts'] },
  {
    name: 'tests',
    paths: ['tests/'],
    holds: 'the tests, by layer',
    mayImport: [...PRODUCT, 'functions', 'cli', 'action', 'package', 'starters', 'scripts', 'bench'],
  },
  {
    name: 'config',
    paths: ['astro.config.mjs', 'eslint.config.js', 'vitest.config.ts', 'playwright.config.ts'],
    holds: 'tool configuration',
    mayImport: ['scripts', 'tests', 'service', 'standard'],
  },
];

/**
 * Imports the map does not want but that sit in files being changed elsewhere; each says why and
 * what ends it. The check fails when one is no longer in the tree, so none outlives its cause.
 */
export interface KnownCrossing {
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

export const KNOWN_CROSSINGS: readonly KnownCrossing[] = [];

/** Whether a room ships nothing, and so may reach through a `product` door. */
export const isTooling = (room: string): boolean => TOOLING.includes(room);
