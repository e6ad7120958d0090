/**
 * Cell styles (SGR attributes): parsing SGR parameters the way xterm does, interning styles as small numbers, and
 * the shortest SGR sequence that turns one style into another.
 */

/** The terminal's default colour. */
export const DEFAULT_COLOR = -1;
/** Colours at or above this are 24-bit: RGB_COLOR | 0xRRGGBB. Below it, 0-255 are palette indexes. */
export const RGB_COLOR = 0x1000000;

/** Attribute bits of a style. */
export const ATTR = {
  bold: 1,
  dim: 2,
  italic: 4,
  underline: 8,
  blink: 16,
  inverse: 32,
  hidden: 64,
  strike: 128,
  overline: 256,
} as const;

/** One cell's rendition: foreground, background (DEFAULT_COLOR, a palette index or RGB_COLOR | rgb) and ATTR bits. */
export interface Style {
  readonly fg: number;
  readonly bg: number;
  readonly attrs: number;
}

/** SGR codes that set each attribute, and the code that clears it (bold and dim share 22). */
const ATTR_ON: readonly (readonly [number, number, number])[] = [
  [ATTR.bold, 1, 22],
  [ATTR.dim, 2, 22],
  [ATTR.italic, 3, 23],
  [ATTR.underline, 4, 24],
  [ATTR.blink, 5, 25],
  [ATTR.inverse, 7, 27],
  [ATTR.hidden, 8, 28],
  [ATTR.strike, 9, 29],
  [ATTR.overline, 53, 55],
];

/** Interned styles: equal styles get equal ids, and id 0 is the default style. */
export class StyleTable {
  private readonly list: Style[] = [{ fg: DEFAULT_COLOR, bg: DEFAULT_COLOR, attrs: 0 }];
  private readonly ids = new Map<string, number>([[`${DEFAULT_COLOR},${DEFAULT_COLOR},0`, 0]]);
  private readonly erase = new Map<number, number>();
  /** Pens after SGR sequences already seen: frames repeat the same few. */
  private readonly sgrCache = new Map<string, number>();

  /** The id of a style. */
  id(fg: number, bg: number, attrs: number): number {
    const key = `${fg},${bg},${attrs}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.list.length;
      this.list.push({ fg, bg, attrs });
      this.ids.set(key, id);
    }
    return id;
  }

  /** The style with this id. */
  get(id: number): Style {
    return this.list[id];
  }

  /** The style erased cells get when erasing with pen `id`: its background only (background colour erase). */
  eraseOf(id: number): number {
    let e = this.erase.get(id);
    if (e === undefined) {
      e = this.id(DEFAULT_COLOR, this.list[id].bg, 0);
      this.erase.set(id, e);
    }
    return e;
  }

  /** The pen after an SGR sequence with parameters `params` (the text between `ESC [` and `m`). */
  applySgr(pen: number, params: string): number {
    const key = `${pen};${params}`;
    let id = this.sgrCache.get(key);
    if (id === undefined) {
      id = this.parseSgr(pen, params);
      if (this.sgrCache.size > 4096) this.sgrCache.clear();
      this.sgrCache.set(key, id);
    }
    return id;
  }

  private parseSgr(pen: number, params: string): number {
    const s = this.list[pen];
    let { fg, bg, attrs } = s;
    const groups = params === '' ? ['0'] : params.split(';');
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i];
      const sub = group.includes(':') ? group.split(':') : null;
      const p = sub ? Number(sub[0]) : group === '' ? 0 : Number(group);
      if (p === 0) {
        fg = DEFAULT_COLOR;
        bg = DEFAULT_COLOR;
        attrs = 0;
      } else if (p >= 30 && p <= 37) fg = p - 30;
      else if (p >= 40 && p <= 47) bg = p - 40;
      else if (p >= 90 && p <= 97) fg = p - 90 + 8;
      else if (p >= 100 && p <= 107) bg = p - 100 + 8;
      else if (p === 39) fg = DEFAULT_COLOR;
      else if (p === 49) bg = DEFAULT_COLOR;
      else if (p === 38 || p === 48 || p === 58) {
        let color: number | undefined;
        if (sub) color = extendedColor(sub.slice(1).map(Number), true);
        else {
          const mode = Number(groups[i + 1]);
          const n = mode === 5 ? 1 : mode === 2 ? 3 : 0;
          color = extendedColor(groups.slice(i + 1, i + 2 + n).map(Number), false);
          i += 1 + n;
        }
        if (color !== undefined && p === 38) fg = color;
        if (color !== undefined && p === 48) bg = color;
      } else if (p === 4) attrs = sub && Number(sub[1]) === 0 ? attrs & ~ATTR.underline : attrs | ATTR.underline;
      else if (p === 21) attrs |= ATTR.underline;
      else if (p === 22) attrs &= ~(ATTR.bold | ATTR.dim);
      else {
        for (const [bit, on, off] of ATTR_ON) {
          if (p === on) attrs |= bit;
          else if (p === off && off !== 22) attrs &= ~bit;
        }
      }
    }
    return this.id(fg, bg, attrs);
  }
}

/** A 256-colour or RGB colour from the parameters after 38/48 (`5;n` or `2;r;g;b`, or the colon forms). */
function extendedColor(ps: readonly number[], colon: boolean): number | undefined {
  const byte = (n: number | undefined) => (n !== undefined && Number.isInteger(n) && n >= 0 && n <= 255 ? n : undefined);
  if (ps[0] === 5) return byte(ps[1]);
  if (ps[0] === 2) {
    // `38:2:cs:r:g:b` carries a colour-space id before the components; `38:2:r:g:b` and `38;2;r;g;b` do not.
    const rgb = colon && ps.length >= 5 ? ps.slice(2, 5) : ps.slice(1, 4);
    const [r, g, b] = rgb.map((n) => byte(Number.isNaN(n) ? 0 : n));
    if (r === undefined || g === undefined || b === undefined) return undefined;
    return RGB_COLOR | (r << 16) | (g << 8) | b;
  }
  return undefined;
}

/** SGR parameters that set a foreground (base 30) or background (base 40) colour. */
function colorParams(color: number, base: 30 | 40): string {
  if (color === DEFAULT_COLOR) return String(base + 9);
  if (color >= RGB_COLOR) return `${base + 8};2;${(color >> 16) & 255};${(color >> 8) & 255};${color & 255}`;
  if (color < 8) return String(base + color);
  if (color < 16) return String(base + 60 + color - 8);
  return `${base + 8};5;${color}`;
}

/** The parameters that set every part of `to` that is not the default. */
function fullParams(to: Style): string[] {
  const ps: string[] = [];
  for (const [bit, on] of ATTR_ON) if (to.attrs & bit) ps.push(String(on));
  if (to.fg !== DEFAULT_COLOR) ps.push(colorParams(to.fg, 30));
  if (to.bg !== DEFAULT_COLOR) ps.push(colorParams(to.bg, 40));
  return ps;
}

/** The parameters that change `from` into `to` attribute by attribute. */
function deltaParams(from: Style, to: Style): string[] {
  const ps: string[] = [];
  const off = from.attrs & ~to.attrs;
  let on = to.attrs & ~from.attrs;
  if (off & (ATTR.bold | ATTR.dim)) {
    ps.push('22');
    on |= to.attrs & (ATTR.bold | ATTR.dim);
  }
  for (const [bit, , offCode] of ATTR_ON) if (off & bit && offCode !== 22) ps.push(String(offCode));
  for (const [bit, onCode] of ATTR_ON) if (on & bit) ps.push(String(onCode));
  if (from.fg !== to.fg) ps.push(colorParams(to.fg, 30));
  if (from.bg !== to.bg) ps.push(colorParams(to.bg, 40));
  return ps;
}

/** An SGR sequence that sets the pen to `to` whatever it was before. */
export function sgrReset(to: Style): string {
  const full = fullParams(to);
  return full.length === 0 ? '\u001B[m' : `\u001B[0;${full.join(';')}m`;
}

/** The shortest SGR sequence that changes the pen from `from` to `to` ('' when they are equal). */
export function sgrChange(from: Style, to: Style): string {
  if (from === to || (from.fg === to.fg && from.bg === to.bg && from.attrs === to.attrs)) return '';
  const reset = sgrReset(to);
  const delta = `\u001B[${deltaParams(from, to).join(';')}m`;
  return delta.length < reset.length ? delta : reset;
}
