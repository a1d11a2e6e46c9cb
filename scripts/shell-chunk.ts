/**
 * Fewer, larger chunks for the pages devotees open first. Left to automatic splitting, the
 * code every page runs (the root route: header with the account forms, footer, toaster,
 * error boundary, their messages and the parts of React and React Router they use) is cut by
 * "which routes share it" into 25–30 small files, each compressed on its own and each a
 * request. This plugin makes two groups instead:
 *
 * - `shell`: the root route's static import closure (React DOM stays in the entry's chunk);
 * - `listing`: what the home, temples and priests pages all use beyond the shell (the search
 *   box, cards, the temples domain), so moving between them loads one cached file.
 *
 * A page then loads the entry, the shell, maybe the listing chunk, and its own route's code.
 * Paraglide's barrel imports every message, so a group takes only the messages its modules
 * call. Client build only: the Worker's build is one bundle anyway.
 */
import type { Plugin, Rolldown } from "vite";

const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?.*)?$/;
const LISTING_ROUTES = [
  /[\\/]app[\\/]routes[\\/]home[\\/]route\.tsx(\?.*)?$/,
  /[\\/]app[\\/]routes[\\/]temples[\\/]route\.tsx(\?.*)?$/,
  /[\\/]app[\\/]routes[\\/]priests[\\/]route\.tsx(\?.*)?$/,
];
const MESSAGE_MODULE = /[\\/]app[\\/]paraglide[\\/]messages[\\/]([a-z0-9_]+)\.js$/;
/** `m.account_sign_in(` in a module's code (before minification). */
const MESSAGE_CALL = /\bm\.([a-z0-9_]+)\b/g;

type ModuleInfo = (id: string) => Rolldown.ModuleInfo | null;

/** The modules `entry` imports statically, directly or not, with only the messages they call. */
function closureOf(entry: string, moduleInfo: ModuleInfo): Set<string> {
  const called = new Set<string>();
  const seen = new Set<string>();
  const messages: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = moduleInfo(id);
    if (MESSAGE_MODULE.test(id)) {
      messages.push(id);
      continue;
    }
    for (const [, key] of info?.code?.matchAll(MESSAGE_CALL) ?? []) called.add(key!);
    queue.push(...(info?.importedIds ?? []));
  }
  for (const id of messages) if (!called.has(MESSAGE_MODULE.exec(id)![1]!)) seen.delete(id);
  return seen;
}

export function shellChunk(): Plugin {
  // Filled when the build ends, read when the chunks are made.
  let shell = new Set<string>();
  let listing = new Set<string>();
  return {
    name: "sannidhi:shell-chunk",
    applyToEnvironment: (environment) => environment.name === "client",
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    { name: "shell", test: (id: string) => shell.has(id), priority: 2 },
                    { name: "listing", test: (id: string) => listing.has(id) && !shell.has(id), priority: 1 },
                  ],
                },
              },
            },
          },
        },
      },
    }),
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (pattern: RegExp) => {
        const id = ids.find((candidate) => pattern.test(candidate));
        if (!id) throw new Error(`shell-chunk: no module matches ${pattern} in the client build (was it moved?)`);
        return id;
      };
      const moduleInfo: ModuleInfo = (id) => this.getModuleInfo(id);
      shell = closureOf(find(ROOT_ROUTE), moduleInfo);
      // What every listing page uses: a module only some of them use stays with those.
      const uses = new Map<string, number>();
      for (const pattern of LISTING_ROUTES) {
        for (const id of closureOf(find(pattern), moduleInfo)) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      listing = new Set([...uses].filter(([, count]) => count === LISTING_ROUTES.length).map(([id]) => id));
    },
  };
}
