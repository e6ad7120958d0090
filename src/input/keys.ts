/** The parts of Ink's `Key` the layouts read; Ink's own `Key` object fits this type. */
export interface KeyInfo {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly tab?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  /** Text pasted in (the terminal's bracketed paste): never played as keys, its text dropped. */
  readonly paste?: boolean;
}

/**
 * One key press as a name: a named key ("enter", "up", "ctrl-c"), or the single character typed ("a", "A", "5").
 * Null for what no layout binds (other control keys, pasted text).
 * Most terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`: both count as "backspace".
 */
export function keyName(input: string, key: KeyInfo): string | null {
  if (key.paste === true) return null;
  if (key.ctrl === true && input === 'c') return 'ctrl-c';
  if (input === '\u0003') return 'ctrl-c';
  if ((key.ctrl === true && input === 'l') || input === '\f') return 'ctrl-l';
  if (key.upArrow === true) return 'up';
  if (key.downArrow === true) return 'down';
  if (key.leftArrow === true) return 'left';
  if (key.rightArrow === true) return 'right';
  if (key.return === true || input === '\r' || input === '\n') return 'enter';
  if (key.backspace === true || key.delete === true || input === '\u007f' || input === '\b') return 'backspace';
  if (key.escape === true || input === '\u001b') return 'escape';
  if (key.tab === true || input === '\t') return 'tab';
  if (input === ' ') return 'space';
  if (key.ctrl === true || key.meta === true) return null;
  if ([...input].length !== 1) return null;
  const code = input.codePointAt(0) ?? 0;
  return code >= 0x20 && code !== 0x7f ? input : null;
}

/** The character a key name types into a text field, or null for keys that type nothing. */
export function typedChar(name: string): string | null {
  if (name === 'space') return ' ';
  return [...name].length === 1 ? name : null;
}
