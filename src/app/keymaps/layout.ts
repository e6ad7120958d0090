import type { RuleSet } from '../../engine/rules/types.js';
import { typedChar, type LayoutId } from '../../input/index.js';
import type { AppAction } from '../actions.js';

/** What the keyboard is for at the moment; each binding names the modes it works in. */
export const MODES = [
  'resume',
  'setup-players',
  'setup-first-name',
  'setup-name',
  'setup-match',
  'setup-number',
  'rolling',
  'choosing',
  'computer',
  'help',
  'review',
  'confirm',
  'confirm-over',
  'game-over',
  'match-over',
  'too-small',
] as const;

/** A keyboard mode. */
export type Mode = (typeof MODES)[number];

/** In a binding's keys: any key that types a character (letters, digits, space, punctuation). */
export const PRINTABLE = '*printable';

/** In a binding's keys: any key at all (Ctrl-C aside, which every layout binds first). */
export const ANY_KEY = '*any';

/** The ten digit keys, for a number typed. */
export const DIGITS: readonly string[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** One row of a layout table: keys, where they work, what they do, and how the screen describes them. */
export interface Binding {
  /** Key names as keyName() gives them ("space", "enter", "up", "a", "A"), or PRINTABLE / ANY_KEY. */
  readonly keys: readonly string[];
  /** How the prompt line and the instructions name the keys ("1-5", "SPACE", "A-E"). */
  readonly label: string;
  readonly modes: readonly Mode[];
  /** The app action for the key pressed; `index` is its place in `keys`, `key` its name. */
  readonly action: (key: string, index: number) => AppAction;
  /** A word or two for the prompt line; empty to keep it off the prompt line (Ctrl-C). */
  readonly prompt: string;
  /** A sentence for the instructions page. */
  readonly help: string;
  /** The words beside the key where a question lists it, when `help` says where the key works ("after m: ..."). */
  readonly menu?: string;
  /** Not a key of the original machine's game: left off a narrow prompt line first (the instructions list it). */
  readonly spare?: true;
}

/** A keyboard layout: its bindings and the few things it decides about the screen and the game. */
export interface Layout {
  readonly id: LayoutId;
  /** The machine's short name ("MSX"). */
  readonly name: string;
  /** The machine it copies, for the instructions page. */
  readonly machine: string;
  /** The game's name as that machine showed it. */
  readonly title: string;
  /** The word under a die kept for the next roll. */
  readonly holdWord: string;
  /** Passed to newGame: holds are cleared after each roll. */
  readonly clearHoldsAfterRoll: boolean;
  /** Shows the keys 1-5 under the dice (MSX). */
  readonly dieKeys: boolean;
  /** How a box is chosen: a cursor on the chart (MSX) or its option number 1-13 (Spectrum). */
  readonly boxChoice: 'cursor' | 'number';
  /**
   * The rule set with its boxes numbered and ordered as the layout shows them (the Spectrum: as its inlay, under every
   * rule set); without it, the rule sheet's own numbers and order.
   */
  readonly numbering?: (rules: RuleSet) => RuleSet;
  /**
   * The quit key asks its Y/N question after the last game of a match too, when nothing is left to resume (the
   * Spectrum asked whenever Q was pressed in a game); otherwise it quits there at once.
   */
  readonly askQuitAfterMatch: boolean;
  readonly bindings: readonly Binding[];
}

function matches(binding: Binding, name: string): number {
  const i = binding.keys.indexOf(name);
  if (i >= 0) return i;
  if (binding.keys.includes(PRINTABLE) && typedChar(name) !== null) return 0;
  if (binding.keys.includes(ANY_KEY)) return 0;
  return -1;
}

/** The bindings that work in `mode`, in table order. */
export function bindingsFor(layout: Layout, mode: Mode): Binding[] {
  return layout.bindings.filter((b) => b.modes.includes(mode));
}

/** The app action a key name gives in `mode`, or null when it does nothing there. */
export function resolveKeyName(layout: Layout, mode: Mode, name: string): AppAction | null {
  for (const binding of bindingsFor(layout, mode)) {
    const i = matches(binding, name);
    if (i >= 0) return binding.action(typedChar(name) ?? name, i);
  }
  return null;
}

/** The rule set as `layout` numbers and orders its boxes (scoring unchanged: boxes keep their ids). */
export function layoutRules(layout: Layout, rules: RuleSet): RuleSet {
  return layout.numbering ? layout.numbering(rules) : rules;
}

/** The word a layout says for a die kept for the next roll: "kept" (MSX KEEP) or "held" (Spectrum HOLD). */
export function heldWord(layout: Layout): string {
  return layout.holdWord === 'HOLD' ? 'held' : layout.holdWord === 'KEEP' ? 'kept' : layout.holdWord.toLowerCase();
}
