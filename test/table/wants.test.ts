import { describe, expect, it } from 'vitest';
import { Table } from '../../src/table/table.js';

describe("Table: what the guests' screens want worked out", () => {
  it('the hints and chances are wanted while any guest wants them, and no longer once the last who did leaves', () => {
    const table = new Table(null, 'hal');
    const [ann, bob] = [{ name: 'ann' }, { name: 'bob' }];
    table.join(ann);
    table.join(bob);
    const wants = table.link().wants;
    let heard = 0;
    wants.subscribe(() => heard++);
    expect(wants.current()).toEqual({ hint: false, chances: false });
    table.want(ann, { hint: true, chances: false });
    table.want(bob, { hint: true, chances: true });
    expect(wants.current()).toEqual({ hint: true, chances: true });
    const before = heard;
    table.want(ann, { hint: false, chances: false });
    // Still wanted by bob: nothing changed, nobody told.
    expect(wants.current()).toEqual({ hint: true, chances: true });
    expect(heard).toBe(before);
    table.leave(bob);
    expect(wants.current()).toEqual({ hint: false, chances: false });
  });
});
