import { Box, Text } from 'ink';
import { useMemo, useSyncExternalStore } from 'react';
import { cleanSize, gameGeometry, hasLanded, isTooSmall, shapeOf, type AppModel, type Message, type TermSize } from '../app/index.js';
import type { LastLine } from '../terminal/index.js';
import { promptItems, promptLead, promptParts, type PromptPart } from '../view/index.js';
import type { LayoutId } from '../input/index.js';
import { fitText, plural } from '../text/index.js';
import { useCelebration } from '../ui/hooks/useCelebration.js';
import { Screen } from '../ui/Screen.js';
import { useRollAnimation } from '../ui/useRollAnimation.js';
import { useTerminalSize } from '../ui/useTerminalSize.js';
import { StrategyContext } from '../ui/strategyContext.js';
import { style, styledText } from '../ui/theme.js';
import { keptOwnPage, ownPageModel, type OwnPage } from './ownPage.js';
import { othersReading, type Table, type TableView } from './table.js';

/**
 * How a guest sees the table: their key layout, colours or not, their seat's name (null: they watch, or it makes no
 * difference to the screen), a line of their own for the message line (why their keys wait, the leave question, what
 * the game refused their key with), their own hints and chances settings, and whether the game's keys are not theirs
 * now (their prompt line then lists their own keys).
 */
export interface GuestLook {
  readonly layout: LayoutId;
  readonly color: boolean;
  readonly seat: string | null;
  readonly line: Message | null;
  /** The leave question is asked (`line` asks it): the prompt line gives its answers, not the game's keys. */
  readonly leaving: boolean;
  readonly hint: boolean;
  readonly chances: boolean;
  readonly onlooker: boolean;
  /**
   * An onlooker while the host reads a page of the host's own (the instructions, the review): they see the game, under
   * a line that says so, not pages whose keys are not theirs.
   */
  readonly othersPage: boolean;
  /**
   * An onlooker with the hints on while a person is to move: their hint panel names that person (AppModel.onlooker),
   * so their frames are not the mover's.
   */
  readonly othersHint: boolean;
  /**
   * The page this guest opened on their own screen (the review after a game, the instructions on any turn), null when
   * they see the game as everyone does: it is read at each one's pace, the host's keys go on meanwhile.
   */
  readonly ownPage: OwnPage | null;
}

const noLanding = () => undefined;

/** What a guest reads while the host's quit question is open. */
export const HOST_ASKED = 'The host is asked whether to quit the game';

/**
 * The lobby: who sits at the table, and what the game waits for. `settingUp`: the host has started the game and is
 * answering its setup questions (the competition, a saved game), whose keys are the host's alone.
 */
function Lobby({ view, look, settingUp = false }: { view: TableView; look: GuestLook; settingUp?: boolean }) {
  const people = view.seats.length;
  // A resumed game waits for its own people, by name.
  const missing = view.resumed?.filter((name) => !view.seats.some((s) => s.name === name)) ?? [];
  const waiting = settingUp
    ? 'The host is setting up the game: it starts in a moment'
    : missing.length > 0
      ? `Waiting for ${missing.join(', ')}, or for the host to start`
      : view.wanted !== null && people < view.wanted
        ? `Waiting for ${view.wanted - people} more ${view.wanted - people === 1 ? 'player' : 'players'}, or for the host to start`
        : 'Waiting for the host to start the game';
  return (
    <Box flexDirection="column">
      <Text {...style('title', look.color)}>YAHTZEE: a table hosted over SSH</Text>
      <Text> </Text>
      <Text {...style('heading', look.color)}>At the table:</Text>
      {view.seats.map((s, i) => (
        <Text key={s.name} wrap="truncate">
          {`  ${i + 1}. ${s.name}${s.host ? ' (the host)' : ''}${look.seat === s.name ? ' (you)' : ''}`}
        </Text>
      ))}
      {view.computers > 0 ? <Text>{`  ${people > 0 ? 'and ' : ''}${plural(view.computers, 'computer player')}, after the people`}</Text> : null}
      {view.watchers > 0 ? <Text>{`  ${people + view.computers > 0 ? 'and ' : ''}${view.watchers} watching`}</Text> : null}
      <Text> </Text>
      {view.resumed !== null ? <Text wrap="truncate">{`The host resumes the saved game of ${view.resumed.join(', ')}.`}</Text> : null}
      <Text wrap="truncate">{look.seat === null ? 'You watch this game.' : `You play as ${look.seat}, with the ${look.layout === 'msx' ? 'MSX' : 'Spectrum'} keys.`}</Text>
      <Text wrap="truncate">{waiting}</Text>
      {look.line !== null ? <Text wrap="truncate">{look.line.text}</Text> : null}
      <Text {...style('dim', look.color)}>Ctrl-C: leave the table</Text>
    </Box>
  );
}

/** The host's game as a guest of this look sees it, at this size. */
function guestModel(model: AppModel, size: TermSize, look: GuestLook): AppModel {
  const open = keptOwnPage(model, look.ownPage);
  const own = open !== null ? ownPageModel(model, look.seat, open) : model;
  // The pages of the host or of the player to move are not shown to onlookers (a line says they read them), unless
  // they opened their own.
  const shown = open === null && look.othersPage ? othersReading(model) : own;
  return {
    ...shown,
    ...(look.othersHint && model.screen === 'game' ? { onlooker: 'guest' as const } : {}),
    size: cleanSize(size),
    layout: look.layout,
    reader: 'guest',
    hint: look.hint,
    chances: look.chances,
    settings: look.color ? model.settings : { ...model.settings, color: false },
    // The quit question is the host's: a guest is told what it is, not asked it.
    ...(shown.overlay === 'confirm' ? { message: { text: HOST_ASKED, tone: 'info' as const } } : {}),
    ...(look.line !== null ? { message: look.line } : {}),
    ...(look.leaving ? { leaving: true as const } : {}),
  };
}

/**
 * The prompt line of a guest who cannot play now (AppModel.onlooker), drawn over the last line of the frames they
 * share with the player to move (DiffStdout's LastLine): their screens differ in that line alone, so one frame is
 * drawn for both. Null where the frame is not the game's (the instructions, the too-small notice).
 */
export function onlookerLine(table: Table, look: GuestLook & TermSize): LastLine {
  return perModel(table, (model) => {
    const mine: AppModel = { ...guestModel(model, look, look), onlooker: 'guest' };
    return mine.screen === 'game' && (mine.overlay === null || mine.overlay === 'confirm') && !isTooSmall(mine) ? lineText(promptLine(mine), mine) : null;
  });
}

/**
 * A LastLine worked out once for each model of the table's game (null outside the game), and for each `also` (what
 * else of the table it reads).
 */
function perModel(table: Table, line: (model: AppModel) => string | null, also: (model: AppModel) => unknown = () => null): LastLine {
  let last: { readonly model: AppModel; readonly also: unknown; readonly line: string | null } | null = null;
  return () => {
    const view = table.current;
    if (view.phase !== 'playing' || view.model === null) return null;
    const more = also(view.model);
    if (last?.model !== view.model || last.also !== more) last = { model: view.model, also: more, line: line(view.model) };
    return last.line;
  };
}

/** The model's prompt line in pieces, as far in as the game is and fitted to the room from there (GameScreen's). */
function promptLine(model: AppModel): PromptPart[] {
  const { indent } = gameGeometry(shapeOf(model), model.size);
  const parts = promptParts(promptItems(model), model.size.columns - indent, promptLead(model));
  return indent > 0 ? [{ text: ' '.repeat(indent), role: null }, ...parts] : parts;
}

/**
 * Pieces of a line as text with their styles, not rendered by Ink: a LastLine is made while a frame is written, inside
 * an Ink instance's render.
 */
function lineText(parts: readonly PromptPart[], model: AppModel): string {
  return parts.map((p) => styledText(p.text, p.role, model.settings.color)).join('');
}

/**
 * The host's own prompt line while the game's keys are a guest's: the keys the host has then, or why its last key did
 * nothing (AppModel.hostNote). Drawn over the last line of the host's terminal alone, so that no guest reads it.
 */
export function hostLine(table: Table): LastLine {
  return perModel(table, (game) => {
    // Drawn over the host's screen as it is drawn (a guest's instructions are not on it).
    const model = table.hostView(game);
    if (model.screen !== 'game' || model.overlay !== null || isTooSmall(model) || !table.hostLooksOn(model)) return null;
    // The note fitted at words, as the message line's text is: the terminal would cut it inside a word.
    const { indent } = gameGeometry(shapeOf(model), model.size);
    const note = model.hostNote ? `${' '.repeat(indent)} ${fitText(model.hostNote, model.size.columns - indent - 1)}` : null;
    return lineText(note !== null ? [{ text: note, role: null }] : promptLine({ ...model, onlooker: 'host' }), model);
  }, (game) => table.hostOwnPage(game));
}

/** The host's game, drawn at this guest's size, in their layout and colours. */
function Game({ model, size, look }: { model: AppModel; size: TermSize; look: GuestLook }) {
  const mine = useMemo(() => guestModel(model, size, look), [model, size, look]);
  const landed = hasLanded(mine);
  const faces = useRollAnimation(mine.game?.dice ?? [1, 1, 1, 1, 1], mine.roll.dice, mine.roll.count, landed, noLanding);
  const celebration = useCelebration(mine, landed);
  return <Screen model={mine} faces={faces} celebration={celebration} />;
}

/** A guest's whole screen: the lobby, then the game as the host's engine has it, then the word that the table is over. */
export function GuestScreen({ table, look }: { table: Table; look: GuestLook }) {
  const view = useSyncExternalStore(
    (listener) => table.subscribe(listener),
    () => table.current,
  );
  const size = useTerminalSize();
  return (
    <Box width="100%" overflow="hidden" flexDirection="column">
      {view.phase === 'closed' ? (
        <Text>The host has ended the table.</Text>
      ) : view.phase === 'lobby' || view.model === null ? (
        <Lobby view={view} look={look} />
      ) : view.model.screen === 'setup' || view.model.screen === 'resume' ? (
        // The host's setup questions are in the host's layout, their keys the host's: the guest is told what happens.
        <Lobby view={view} look={look} settingUp />
      ) : (
        <StrategyContext.Provider value={view.strategy}>
          <Game model={view.model} size={size} look={look} />
        </StrategyContext.Provider>
      )}
    </Box>
  );
}
