/**
 * The setup questions: the MSX number of players, the Spectrum names and competition, the computer seats and strength,
 * the rule set, and on the MSX the competition as a choice made before the number of players.
 */
import { MAX_PLAYERS, RULE_SET_IDS, checkName, isCombiningMark, sameName, typedCharProblem, type MatchKind } from '../../engine/index.js';
import type { AppModel } from '../model.js';
import { MATCH_LIMITS, STRENGTHS, computerByName, numberedComputers, peopleNamed, seatNames, seatSplit, setupHasComputer, startMatch, withSetup } from '../setup.js';
import { done, refused, type Phase, type Step } from './step.js';

/** MSX: the number of players, 1-4. */
function choosePlayers(model: AppModel, count: number): Step {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PLAYERS) return refused({ code: 'players-range', max: MAX_PLAYERS });
  // The computer in the last seats and no seat left to a person is the computer alone: meant only when every seat is.
  const computers = model.setup.computers;
  if (computers > 0 && computers < MAX_PLAYERS && count <= computers) return refused({ code: 'no-person-seat', computers, max: MAX_PLAYERS });
  const names = model.settings.names?.length === count ? model.settings.names : seatNames(count, model.setup.computers);
  return done(() => startMatch(model, names, model.settings.match ?? { kind: 'single' }, model.seed));
}

/** MSX setup: the computer plays one more of the last seats (none to all four, then none again). */
function cycleComputers(model: AppModel): Step {
  if (model.setup.step !== 'players') return refused({ code: 'unknown-key' });
  return done(() => withSetup(model, { computers: (model.setup.computers + 1) % (MAX_PLAYERS + 1) }));
}

/** MSX setup: the players named one by one instead of PLAYER 1-4 (the number of players is the number of names). */
function startNaming(model: AppModel): Step {
  if (model.setup.step !== 'players' || model.layout !== 'msx') return refused({ code: 'unknown-key' });
  return done(() => withSetup(model, { step: 'name', names: [], field: '' }));
}

/** Setup: the computer's next strength (optimal, strong, casual, win, then optimal again). */
function cycleStrength(model: AppModel): Step {
  const s = model.setup;
  if (s.step !== 'players' && s.step !== 'match') return refused({ code: 'unknown-key' });
  if (!setupHasComputer(model)) return refused({ code: 'no-computer-seated' });
  return done(() => withSetup(model, { strength: STRENGTHS[(STRENGTHS.indexOf(s.strength) + 1) % STRENGTHS.length] }));
}

/** Setup: the next rule set, where the competition or the number of players is asked (the game starts after them). */
function cycleRules(model: AppModel): Step {
  const s = model.setup;
  if (s.step !== 'players' && s.step !== 'match') return refused({ code: 'unknown-key' });
  const rules = RULE_SET_IDS[(RULE_SET_IDS.indexOf(model.settings.rules) + 1) % RULE_SET_IDS.length];
  return done(() => ({ ...model, settings: { ...model.settings, rules }, message: null }));
}

/** MSX setup: the competition question, asked before the number of players (the Spectrum asks it after the names). */
function openMatch(model: AppModel): Step {
  if (model.setup.step !== 'players' || model.layout !== 'msx') return refused({ code: 'unknown-key' });
  return done(() => withSetup(model, { step: 'match', field: '', matchKind: undefined }));
}

/**
 * The competition chosen: the Spectrum starts it with the names given; the MSX goes back to its number of players with
 * the match kept (a single game is what it plays when none is chosen).
 */
function matchChosen(model: AppModel, match: MatchKind): AppModel {
  if (model.layout !== 'msx') return startMatch(model, model.setup.names, match, model.seed);
  const settings = { ...model.settings, match: match.kind === 'single' ? undefined : match };
  return withSetup({ ...model, settings }, { step: 'players', field: '', matchKind: undefined });
}

/** A character typed into the setup field (a name or a number). */
function typeSetup(model: AppModel, char: string): Step {
  const s = model.setup;
  if (s.step === 'name') {
    // The one rule for names (src/engine/names.ts): printable characters, bounded in columns, code points and marks,
    // so that a paste of any length stops at the bound and each key after it costs the same.
    if (s.refusedChar != null && isCombiningMark(char)) return refused({ code: `name-${s.refusedChar}` });
    const problem = typedCharProblem(s.field, char);
    if (problem !== null) return refused({ code: `name-${problem}` }, withSetup(model, { refusedChar: problem }));
    return done(() => withSetup(model, { field: s.field + char, refusedChar: null }));
  }
  if (s.step === 'number') {
    const limits = MATCH_LIMITS[s.matchKind ?? 'games'];
    if (!/^[0-9]$/.test(char)) return refused({ code: 'number-digit' });
    if (s.field === '' && char === '0') return refused({ code: 'number-zero' });
    if (s.field.length >= limits.digits) return refused({ code: 'number-long', max: limits.max });
    return done(() => withSetup(model, { field: s.field + char }));
  }
  return refused({ code: 'unknown-key' });
}

/** Backspace in the setup field. */
function eraseSetup(model: AppModel): Step {
  if (model.setup.field === '') return refused({ code: 'nothing-to-erase' });
  return done(() => withSetup(model, { field: [...model.setup.field].slice(0, -1).join(''), refusedChar: null }));
}

/** ENTER in the setup field: the name is done, or the match number is given. */
function submitSetup(model: AppModel): Step {
  const s = model.setup;
  if (s.step === 'name') {
    const name = s.field.trim();
    if (name === '') {
      if (s.count === undefined && s.names.length > 0) return done(() => peopleNamed(model, s.names));
      return refused({ code: 'name-empty' });
    }
    const problem = checkName(name);
    if (problem !== null) return refused({ code: 'name-bad', problem });
    // A computer's name again: another computer seat, the seats of that name numbered.
    const numbered = computerByName(model) ? numberedComputers(s.names, name) : null;
    if (numbered === null && s.names.some((n) => sameName(n, name))) return refused({ code: 'name-taken', name });
    const names = numbered ?? [...s.names, name];
    if (names.length >= seatSplit(s).people) return done(() => peopleNamed(model, names));
    return done(() => withSetup(model, { names, field: '' }));
  }
  if (s.step === 'number') {
    const kind = s.matchKind ?? 'games';
    const n = Number(s.field);
    if (s.field === '' || !Number.isInteger(n) || n < 1 || n > MATCH_LIMITS[kind].max) return refused({ code: 'number-range', kind });
    const match: MatchKind = kind === 'games' ? { kind: 'games', games: n } : { kind: 'target', target: n };
    return done(() => matchChosen(model, match));
  }
  return refused({ code: 'unknown-key' });
}

/** The competition question's answer (the Spectrum's F, P or U): a single game at once, else its number asked. */
function chooseMatch(model: AppModel, kind: 'games' | 'target' | 'single'): Step {
  if (model.setup.step !== 'match') return refused({ code: 'unknown-key' });
  if (kind === 'single') return done(() => matchChosen(model, { kind: 'single' }));
  return done(() => withSetup(model, { step: 'number', matchKind: kind, field: '' }));
}

/**
 * ESC at the setup: from the match number back to the competition question; from the competition question back to
 * the last name (the MSX's back to its number of players); from a name back to the one before. The name gone back to
 * is in the field again, to be changed.
 */
function backSetup(model: AppModel): Step {
  const s = model.setup;
  if (s.step === 'number') return done(() => withSetup(model, { step: 'match', field: '', matchKind: undefined }));
  if (s.step === 'match' && model.layout === 'msx') return done(() => withSetup(model, { step: 'players', field: '' }));
  if (s.step === 'match') {
    if (model.settings.names) return refused({ code: 'names-given' });
    // The computer seats of --computer were added after the people named: they go with the question.
    const people = s.names.slice(0, s.names.length - seatSplit(s).computers);
    if (people.length === 0) return refused({ code: 'names-none' });
    return done(() => withSetup(model, { step: 'name', names: people.slice(0, -1), field: people[people.length - 1] }));
  }
  if (s.step === 'name') {
    // The MSX naming is a choice made at the players question: before its first name it goes back there.
    if (s.names.length === 0 && model.layout === 'msx') return done(() => withSetup(model, { step: 'players', field: '' }));
    if (s.names.length === 0) return refused({ code: 'names-first' });
    return done(() => withSetup(model, { names: s.names.slice(0, -1), field: s.names[s.names.length - 1] }));
  }
  return refused({ code: 'unknown-key' });
}

/** The setup phase: every action while the setup questions are on the screen. */
export const setupPhase: Phase = (model, action) => {
  if (model.screen !== 'setup') return null;
  switch (action.type) {
    case 'choose-players':
      return model.setup.step === 'players' ? choosePlayers(model, action.count) : refused({ code: 'unknown-key' });
    case 'choose-match':
      return chooseMatch(model, action.kind);
    case 'setup-computers':
      return cycleComputers(model);
    case 'setup-names':
      return startNaming(model);
    case 'setup-strength':
      return cycleStrength(model);
    case 'setup-rules':
      return cycleRules(model);
    case 'setup-match':
      return openMatch(model);
    case 'type':
      return typeSetup(model, action.char);
    case 'erase':
      return eraseSetup(model);
    case 'submit':
      return submitSetup(model);
    case 'back':
      return backSetup(model);
    default:
      return refused({ code: 'unknown-key' });
  }
};
