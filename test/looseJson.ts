/**
 * Parsed JSON that a test edits field by field to build damaged input: `any` on purpose, since a wrong shape is what
 * such a test feeds to the code that checks it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the edits make shapes no type allows
export type LooseJson = any;
