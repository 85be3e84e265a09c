/** One check of `npm run check:deploy`: its name, and what it finds wrong at an origin (nothing: []). */
export interface Check {
  readonly name: string;
  readonly run: (origin: string) => Promise<string[]>;
}
