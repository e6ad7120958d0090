// The esbuild plugin that puts the overlay into the bundle: the replacements and edits of patches.mjs, minus the ones
// the build's switch leaves out. scripts/build.mjs uses it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EDITS, REPLACEMENTS } from './patches.mjs';

/** True when `path` (as esbuild gives it, any separators) is `file` of the installed package `pkg`. */
const isFileOf = (path, pkg, file) => path.replace(/\\/g, '/').endsWith(`/node_modules/${pkg}/${file}`);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The plugin, and `unapplied()`: the patches it was given that did not apply in the build (call it once the build is
 * done; a non-empty answer means the installed Ink or Yoga no longer is as the patch expects).
 */
export function inkOverlay(leftOut = new Set()) {
  const edits = EDITS.filter((p) => !leftOut.has(p.id));
  const replacements = REPLACEMENTS.filter((r) => !leftOut.has(r.id));
  const applied = new Set();
  const plugin = {
    name: 'ink-overlay',
    setup(b) {
      if (edits.length > 0) {
        const names = new RegExp(`(${[...new Set(edits.map((p) => escape(p.file.split('/').pop())))].join('|')})$`);
        b.onLoad({ filter: names }, (args) => {
          const p = edits.find((x) => isFileOf(args.path, x.pkg, x.file));
          if (!p) return undefined;
          let text = readFileSync(args.path, 'utf8');
          for (const e of p.edits) {
            if (text.split(e.from).length !== 2) return undefined;
            text = text.replace(e.from, () => e.to);
          }
          applied.add(p.id);
          return { contents: text, loader: 'js' };
        });
      }
      if (replacements.length > 0) {
        const specifiers = new RegExp(`^(${[...new Set(replacements.map((r) => escape(r.specifier)))].join('|')})$`);
        b.onResolve({ filter: specifiers }, (args) => {
          const r = replacements.find((x) => x.specifier === args.path && isFileOf(args.importer, x.pkg, x.importer));
          if (!r) return undefined;
          applied.add(r.id);
          return { path: fileURLToPath(new URL(r.with, import.meta.url)) };
        });
      }
    },
  };
  return { plugin, unapplied: () => [...edits, ...replacements].filter((p) => !applied.has(p.id)) };
}
