import { describe, expect, it, vi } from 'vitest';
import { withSaveProblem } from '../../src/view/saveStatus.js';
import { shortReason } from '../../src/storage/autosave.js';
import { App } from '../../src/ui/App.js';
import { playOptions } from '../app/helpers.js';
import { SIZE, mount } from './mount.js';

type Notify = (notice: { text: string; tone: 'error' | 'info'; saveProblem?: string | null }) => void;

describe('the notice that saving failed stays on screen until saving works again', () => {
  it('is not replaced by the next message, keeps its reason within 80 columns, and goes when saving works again', async () => {
    const notifies: Notify[] = [];
    const app = await mount(<App options={playOptions({ players: 1 })} seed={7} size={SIZE} onGameChange={(_s, notify) => void notifies.push(notify)} />);
    await app.type('1');
    notifies.at(-1)!({ text: 'Saving failed (the game goes on): the game could not be saved in /a/very/long/folder/name/that/fills/the/line/game.json: the disk is full (ENOSPC: no space left on device, open)', tone: 'error', saveProblem: 'the disk is full' });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('NOT SAVED: the disk is full'), { timeout: 5000 });
    // The next message (a key that means nothing here) comes after the notice, not instead of it.
    await app.type('x');
    await vi.waitFor(() => expect(app.lastFrame()).toMatch(/NOT SAVED: the disk is full · /), { timeout: 5000 });
    for (const line of app.lastFrame()!.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    await app.type(' ');
    expect(app.lastFrame()).toContain('NOT SAVED: the disk is full');
    notifies.at(-1)!({ text: 'Saving works again: the game is saved', tone: 'info', saveProblem: null });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Saving works again: the game is saved'), { timeout: 5000 });
    expect(app.lastFrame()).not.toContain('NOT SAVED');
  });
});

describe('withSaveProblem and shortReason', () => {
  it.each<[string | null | undefined, { text: string; tone: 'error' | 'info' } | null, { text: string; tone: 'error' | 'info' } | null]>([
    [undefined, { text: 'ANN scored 4 in Fours', tone: 'info' }, { text: 'ANN scored 4 in Fours', tone: 'info' }],
    [null, null, null],
    ['the disk is full', null, { text: 'NOT SAVED: the disk is full', tone: 'error' }],
    ['the disk is full', { text: 'Saving failed (the game goes on): ...', tone: 'error' }, { text: 'NOT SAVED: the disk is full', tone: 'error' }],
    ['the disk is full', { text: 'ANN scored 4 in Fours', tone: 'info' }, { text: 'NOT SAVED: the disk is full · ANN scored 4 in Fours', tone: 'error' }],
  ])('save problem %j with the message %j', (problem, message, shown) => {
    expect(withSaveProblem({ saveProblem: problem }, message)).toEqual(shown);
  });

  it.each([
    ["the game could not be saved in /x/game.json: the disk is full (ENOSPC: no space left on device, open '/x/.game.json.1.a.tmp')", 'the disk is full'],
    ["the game could not be saved in /f/game.json: a file stands where a folder should be (EEXIST: file already exists, mkdir '/f')", 'a file stands where a folder should be'],
    ['the game was not saved: its state is impossible (player 1: the name has control characters)', 'its state is impossible'],
    ['something odd', 'something odd'],
  ])('%s -> %s', (error, reason) => {
    expect(shortReason(error)).toBe(reason);
  });
});
