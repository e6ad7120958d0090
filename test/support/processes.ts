import { readdirSync, readFileSync } from 'node:fs';

/*
 * The processes of this machine as Linux's /proc shows them, for the tests and benchmarks that follow the processes
 * a game starts (the chances' process, the makers of the tables).
 */

/** A process's command line, its arguments joined by NUL; '' once it has gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The processes started by `pid` and by those, parents before their children. */
export function startedBy(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: the command may hold spaces and parentheses, so from the last ')'.
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (p: number): number[] => [...parents].filter(([, parent]) => parent === p).flatMap(([child]) => [child, ...under(child)]);
  return under(pid);
}

/** Whether a process is running with `text` on its command line. */
export function runningWith(text: string): boolean {
  return readdirSync('/proc').some((name) => /^\d+$/.test(name) && commandLine(Number(name)).includes(text));
}
