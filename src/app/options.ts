import type { MatchKind, RuleSetId, Strength } from '../engine/index.js';
import type { LayoutId } from '../input/index.js';

/** What the game is played with (from `yahtzee play`'s flags); undefined fields are asked at setup. */
export interface PlayOptions {
  layout: LayoutId;
  rules: RuleSetId;
  /** The number of seats, the computer's included. */
  players?: number;
  /** Every seat's name: from --names the people's, then the computer seats of --computer, named CPU (CPU 1, CPU 2, ...). */
  names?: string[];
  seed?: number;
  match?: MatchKind;
  computers?: number;
  strength: Strength;
  animation: boolean;
  color: boolean;
  /** --sound (true) or --no-sound (false); undefined: as remembered in the settings. */
  sound?: boolean;
  /** --take-back (true) or --no-take-back (false); undefined: as remembered in the settings. */
  takeBack?: boolean;
  practice: boolean;
  /** The game is a table hosted over SSH (yahtzee host): it is resumed with `yahtzee host --resume`. */
  hosted?: boolean;
  resume: boolean;
  fresh: boolean;
  /** The flags given that shape only a new game, as typed (--names, --rules ...): a resumed game says so. */
  newGameFlags?: readonly string[];
}
