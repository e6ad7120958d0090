import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { screenSvg } from '../../scripts/screenshots.js';

/** A headless xterm of the given size once it has parsed `data`. */
async function terminal(cols: number, rows: number, data: string): Promise<InstanceType<typeof xterm.Terminal>> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(data, resolve));
  return term;
}

describe('screenSvg (npm run screenshots)', () => {
  it('writes a small screen as one text a row and one tspan a run of same-styled cells', async () => {
    const term = await terminal(
      16,
      3,
      [
        // Bold yellow (drawn bright, as xterm.js does), two blanks, then text that XML must escape.
        '\u001B[1;33mYAHTZEE\u001B[0m  a<&b\r\n',
        // Dim; reverse video (a background rectangle, the text in the background colour); a wide character.
        '\u001B[2m(22)\u001B[0m \u001B[7m ANN \u001B[0m \u001B[32m名\u001B[0m\r\n',
        // An underlined run keeps its blank; a red background with nothing on it is a rectangle alone.
        '\u001B[4mx y\u001B[0m  \u001B[41m  \u001B[0m',
      ].join(''),
    );
    expect(screenSvg(term)).toBe(
      [
        `<svg xmlns="http://www.w3.org/2000/svg" width="154.4" height="71" viewBox="0 0 154.4 71" font-family="'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace" font-size="14" xml:space="preserve">`,
        '<rect width="100%" height="100%" rx="6" fill="#1e1e1e"/>',
        '<rect x="52" y="27" width="42" height="17" fill="#d3d7cf"/>',
        '<rect x="52" y="44" width="16.8" height="17" fill="#cc0000"/>',
        '<text y="23"><tspan x="10" fill="#fce94f" font-weight="bold">YAHTZEE</tspan><tspan x="85.6" fill="#d3d7cf">a&lt;&amp;b</tspan></text>',
        '<text y="40"><tspan x="10" fill="#d3d7cf" fill-opacity="0.5">(22)</tspan><tspan x="60.4" fill="#1e1e1e">ANN</tspan><tspan x="102.4" fill="#4e9a06">名</tspan></text>',
        '<text y="57"><tspan x="10" fill="#d3d7cf" text-decoration="underline">x y</tspan></text>',
        '</svg>',
        '',
      ].join('\n'),
    );
  });

  it('starts each word after a gap of blanks at its own column, and keeps a single blank inside a run', async () => {
    const term = await terminal(30, 1, ' Aces      (3)  Full house');
    const svg = screenSvg(term);
    expect(svg).toContain('<text y="23"><tspan x="18.4" fill="#d3d7cf">Aces</tspan><tspan x="102.4" fill="#d3d7cf">(3)</tspan><tspan x="144.4" fill="#d3d7cf">Full house</tspan></text>');
  });

  it('gives the 256-colour cube and true colour as they are', async () => {
    const term = await terminal(4, 1, '\u001B[38;5;196mA\u001B[38;5;244mB\u001B[38;2;1;2;3mC\u001B[0m');
    expect(screenSvg(term)).toContain('<tspan x="10" fill="#ff0000">A</tspan><tspan x="18.4" fill="#808080">B</tspan><tspan x="26.8" fill="#010203">C</tspan>');
  });
});
