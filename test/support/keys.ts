/**
 * Keys as a terminal sends them, one table for every test that types or decodes keys: the keys the layouts bind
 * (named in camel case: `ctrlC` is the layouts' "ctrl-c"), then others a keyboard sends (function keys, editing
 * keys, modified arrows, control and Alt combinations) that no layout binds.
 */
export const KEYS = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  enter: '\r',
  backspace: '\u007F',
  escape: '\u001B',
  space: ' ',
  tab: '\t',
  ctrlC: '\u0003',
  ctrlL: '\f',
  ctrlH: '\b',
  linefeed: '\n',
  shiftTab: '\u001B[Z',
  home: '\u001B[H',
  end: '\u001B[F',
  homeVt: '\u001B[1~',
  insert: '\u001B[2~',
  delete: '\u001B[3~',
  pageup: '\u001B[5~',
  pagedown: '\u001B[6~',
  f1: '\u001BOP',
  f2: '\u001BOQ',
  f3: '\u001BOR',
  f4: '\u001BOS',
  f1Linux: '\u001B[[A',
  f5: '\u001B[15~',
  f6: '\u001B[17~',
  f7: '\u001B[18~',
  f8: '\u001B[19~',
  f9: '\u001B[20~',
  f10: '\u001B[21~',
  f11: '\u001B[23~',
  f12: '\u001B[24~',
  ctrlUp: '\u001B[1;5A',
  shiftRight: '\u001B[1;2C',
  altUp: '\u001B\u001B[A',
  altX: '\u001Bx',
  alt1: '\u001B1',
  altEnter: '\u001B\r',
  kittyA: '\u001B[97u',
  kittyEnter: '\u001B[13u',
  ctrlA: '\u0001',
  ctrlD: '\u0004',
  ctrlZ: '\u001A',
  ctrlBackslash: '\u001C',
  nul: '\u0000',
} as const;

/** A name in the table. */
export type KeyName = keyof typeof KEYS;

/** The name the layouts and the key decoder give a key of the table: "ctrlC" is "ctrl-c", "f1Linux" is "f1-linux". */
export function layoutName(name: KeyName): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

const BY_LAYOUT_NAME: ReadonlyMap<string, string> = new Map(Object.entries(KEYS).map(([name, raw]) => [layoutName(name as KeyName), raw]));

/** The raw bytes for a key as the layouts name it ("up", "ctrl-c"); any other name is the character it spells ("a"). */
export function rawFor(name: string): string {
  return BY_LAYOUT_NAME.get(name) ?? name;
}
