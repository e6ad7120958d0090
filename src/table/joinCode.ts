import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be taken for one another when read aloud or off a screen (no 0/o, 1/l/i, 5/s...). */
const CODE_CHARS = 'abcdefghjkmnpqrtuvwxyz2346789';

/** A fresh join code for a table: two groups of three easy to read characters, such as `k7m-xq4`. */
export function newJoinCode(): string {
  const pick = () => CODE_CHARS[randomInt(CODE_CHARS.length)];
  return `${pick()}${pick()}${pick()}-${pick()}${pick()}${pick()}`;
}

