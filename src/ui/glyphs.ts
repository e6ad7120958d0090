import stringWidth from 'string-width';

/**
 * The ASCII stand-in for each non-ASCII character the screen draws, one column for one column so that the layout
 * stays exactly as it is: dice as +-----+ with o pips, a kept die with # and = borders, arrows as > < ^ v.
 */
export const ASCII_GLYPHS: Readonly<Record<string, string>> = {
  // a die not kept
  '╭': '+',
  '╮': '+',
  '╰': '+',
  '╯': '+',
  '─': '-',
  '│': '|',
  // a kept die
  '╔': '#',
  '╗': '#',
  '╚': '#',
  '╝': '#',
  '═': '=',
  '║': '#',
  // pips
  '●': 'o',
  // arrows and the chart's cursor
  '▶': '>',
  '→': '>',
  '←': '<',
  '↑': '^',
  '↓': 'v',
  // punctuation
  '·': '-',
  '…': '.',
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** One character as ASCII of the same width: from the table, else without its accents (ê -> e), else '?' per column. */
function asciiChar(ch: string): string {
  const known = ASCII_GLYPHS[ch];
  if (known !== undefined) return known;
  const plain = ch.normalize('NFD').replace(COMBINING_MARKS, '');
  if (/^[\x20-\x7e]$/.test(plain)) return plain;
  return '?'.repeat(stringWidth(ch));
}

/** Text as pure ASCII, each character replaced by one of the same width (escape sequences are ASCII and stay). */
export function toAscii(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text : text.replace(/[^\x00-\x7f]/gu, asciiChar);
}

/** Makes everything written to the stream ASCII (toAscii), for a terminal that cannot show anything else. */
export function asciiOnly(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : chunk;
    return write(typeof text === 'string' ? toAscii(text) : text, ...rest);
  });
}
