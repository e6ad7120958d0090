// Types of patches.mjs (plain ESM for the build script), for the tests and benchmarks written in TypeScript.

/** The versions the patches and forked modules were made against, by package name. */
export declare const MADE_AGAINST: Readonly<Record<string, string>>;

/** A module of Ink swapped for one of this folder at bundle time. */
export interface Replacement {
  readonly id: string;
  readonly pkg: string;
  readonly importer: string;
  readonly specifier: string;
  readonly with: string;
  readonly what: string;
  readonly why: string;
}

/** Text edits to one compiled file of a package. */
export interface Edit {
  readonly id: string;
  readonly pkg: string;
  readonly file: string;
  readonly what: string;
  readonly why: string;
  readonly edits: readonly { readonly from: string; readonly to: string }[];
}

/** The replacements, in the order the build applies them. */
export declare const REPLACEMENTS: readonly Replacement[];

/** The text edits. */
export declare const EDITS: readonly Edit[];

/** Every patch's id. */
export declare const PATCH_IDS: readonly string[];

/** The ids of the patches the build's switch leaves out (--no-patches[=ids], YAHTZEE_NO_PATCHES=1|ids). */
export declare function patchesLeftOut(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Set<string>;
