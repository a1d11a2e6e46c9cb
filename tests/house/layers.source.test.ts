/**
 * Imports only run down the layers of the README's picture: infrastructure (app/lib) below the
 * domain (app/domain), below the request helpers (app/web), below the fronts (routes,
 * components, the composed pages of app/compose, the Worker's Hono routes). A new upward import
 * fails here, and so does a route reaching into another route's modules (what two routes share
 * belongs in app/web or below). Inside the domain, the business areas have a declared order too
 * (app/domain/README.md).
 */
import { describe, expect, it } from "vitest";

const sources = {
  lib: import.meta.glob<string>("/app/lib/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  domain: import.meta.glob<string>("/app/domain/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  web: import.meta.glob<string>("/app/web/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  compose: import.meta.glob<string>("/app/compose/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  workers: import.meta.glob<string>("/workers/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  routes: import.meta.glob<string>("/app/routes/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
};
const readme = Object.values(import.meta.glob<string>("/app/domain/README.md", { query: "?raw", import: "default", eager: true }))[0] ?? "";

/** The files of app/routes a module imports (relative or `~/routes/…`), without extension. */
function importedRouteFiles(file: string, source: string): string[] {
  const dir = file.slice(0, file.lastIndexOf("/"));
  return [...source.matchAll(/(?:from|import)\s*\(?\s*"((?:\.{1,2}\/|~\/routes\/)[^"]+)"/g)]
    .map(([, spec]) => spec!)
    .filter((spec) => !spec.includes("+types"))
    .map((spec) => (spec.startsWith("~/") ? `/app/${spec.slice(2)}` : new URL(spec, `file://${dir}/`).pathname))
    .filter((path) => path.startsWith("/app/routes/"));
}

/**
 * A route's modules are its own: a module under app/routes imports only modules of its own
 * folder (`account/…`), or, for a route that is one file (`login.tsx`), its server helpers
 * named after it (`login.server.ts`, `login-recovery.server.ts`).
 */
function crossRouteImports(): string[] {
  return Object.entries(sources.routes).flatMap(([file, source]) =>
    importedRouteFiles(file, source)
      .filter((target) => {
        const [fileDir, targetDir] = [file.slice(0, file.lastIndexOf("/")), target.slice(0, target.lastIndexOf("/"))];
        if (fileDir !== targetDir) return true;
        if (fileDir !== "/app/routes") return false;
        const stem = file.slice(fileDir.length + 1).replace(/\.tsx?$/, "");
        const name = target.slice(targetDir.length + 1);
        return !(name === `${stem}.server` || name.startsWith(`${stem}-`));
      })
      .map((target) => `${file} imports ${target}`),
  );
}

/** The app folders a file imports from (`~/domain/x`, `../domain/x` or `../../web/x` from a subfolder → "domain", "web"). */
function importedLayers(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*"(?:~\/|(?:\.\.\/)+)(lib|domain|web|compose|routes|components)\//g)].map(
    ([, layer]) => layer!,
  );
}

function upwardImports(layer: keyof typeof sources, forbidden: string[]) {
  return Object.entries(sources[layer]).flatMap(([file, source]) =>
    importedLayers(source)
      .filter((imported) => forbidden.includes(imported))
      .map((imported) => `${file} imports ${imported}`),
  );
}

/**
 * The business areas (app/domain/<area>/), lowest first: an area imports only itself and the
 * areas before it here, so a payment's path runs downhill (the ledger calls the bookings, never
 * the reverse). The modules directly in app/domain (text, text-fields, days) are shared below
 * every area and import none.
 */
const AREAS = ["audit", "notifications", "content", "accounts", "enquiries", "trust", "bookings", "ledger", "catalog", "temples-admin"];

/** The area of a module under app/domain ("" for a shared module directly in it), or null outside the domain. */
function areaOf(path: string): string | null {
  if (!path.startsWith("/app/domain/")) return null;
  const parts = path.slice("/app/domain/".length).split("/");
  return parts.length === 1 ? "" : parts[0]!;
}

/** Each domain module a file imports (relative or `~/domain/…`), with the specifier as written. */
function importedDomainModules(file: string, source: string): { spec: string; path: string }[] {
  const dir = file.slice(0, file.lastIndexOf("/"));
  return [...source.matchAll(/(?:from|import)\s*\(?\s*"((?:\.{1,2}\/|~\/domain\/)[^"]+)"/g)]
    .map(([, spec]) => ({
      spec: spec!,
      path: spec!.startsWith("~/") ? `/app/${spec!.slice(2)}` : new URL(spec!, `file://${dir}/`).pathname,
    }))
    .filter(({ path }) => path.startsWith("/app/domain/"));
}

/** Imports of an area that is not below the importing file's own (or of any area from a shared module), named by file and import. */
function areaViolations(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, source]) => {
    const own = areaOf(file)!;
    return importedDomainModules(file, source)
      .filter(({ path }) => {
        const imported = areaOf(path)!;
        if (imported === "" || imported === own) return false;
        return own === "" || AREAS.indexOf(imported) < 0 || AREAS.indexOf(imported) > AREAS.indexOf(own);
      })
      .map(({ spec, path }) => `${file} imports "${spec}": ${areaOf(path)} is not below ${own || "the shared modules"}`);
  });
}

describe("the layers", () => {
  it("are all there", () => {
    for (const layer of Object.values(sources)) expect(Object.keys(layer).length).toBeGreaterThan(5);
  });

  it("are read from every kind of import, in subfolders too", () => {
    const source =
      'import { a } from "~/web/a";\nimport { b } from "../../routes/b";\nexport { c } from ' +
      '"../components/c";\nconst d = await import("../lib/d");\nimport { e } from "./e";';
    expect(importedLayers(source)).toEqual(["web", "routes", "components", "lib"]);
    expect(importedLayers('import { f } from "~/compose/hooks";')).toEqual(["compose"]);
  });

  it("infrastructure imports no domain, request helper, composition, route or component", () => {
    expect(upwardImports("lib", ["domain", "web", "compose", "routes", "components"])).toEqual([]);
  });

  it("the domain imports no request helper, composition, route or component", () => {
    expect(upwardImports("domain", ["web", "compose", "routes", "components"])).toEqual([]);
  });

  it("every business area has its place in the order, and the README lists them in it", () => {
    const folders = [...new Set(Object.keys(sources.domain).map(areaOf))].filter((area) => area !== "").sort();
    expect(folders).toEqual([...AREAS].sort());
    const listed = [...readme.matchAll(/^\d+\. `([a-z-]+)\/`/gm)].map(([, area]) => area);
    expect(listed).toEqual(AREAS);
  });

  it("a business area imports only the areas below it", () => {
    expect(areaViolations(sources.domain)).toEqual([]);
  });

  it("an upward import between areas is caught, by file and import, in every form", () => {
    const probe = {
      "/app/domain/bookings/cart.server.ts":
        'import { a } from "~/domain/ledger/a";\nimport { b } from "../trust/b";\nexport { c } from "../catalog/c";\n' +
        'const d = await import("~/domain/temples-admin/d");\nimport { e } from "./e";\nimport { f } from "../text";',
      "/app/domain/text-fields.ts": 'import { g } from "./bookings/g";\nimport { h } from "./text";',
      "/app/domain/audit/audit.server.ts": 'import { i } from "~/domain/newarea/i";',
    };
    expect(areaViolations(probe)).toEqual([
      '/app/domain/bookings/cart.server.ts imports "~/domain/ledger/a": ledger is not below bookings',
      '/app/domain/bookings/cart.server.ts imports "../catalog/c": catalog is not below bookings',
      '/app/domain/bookings/cart.server.ts imports "~/domain/temples-admin/d": temples-admin is not below bookings',
      '/app/domain/text-fields.ts imports "./bookings/g": bookings is not below the shared modules',
      '/app/domain/audit/audit.server.ts imports "~/domain/newarea/i": newarea is not below audit',
    ]);
  });

  it("request helpers import no composition, route or component", () => {
    expect(upwardImports("web", ["compose", "routes", "components"])).toEqual([]);
  });

  it("composition imports no route module, and the edge cache knows nothing of it (what it adds is handed in)", () => {
    expect(upwardImports("compose", ["routes"])).toEqual([]);
    const edgeCache = Object.entries(sources.lib).filter(([file]) => file.startsWith("/app/lib/edge-cache/"));
    expect(edgeCache.length).toBeGreaterThan(4);
    const named = edgeCache.filter(([, source]) =>
      /devotee|TEMPLE_SITE|temple-site/i.test(source.replace(/^\s*(\/\*\*|\*|\/\/).*$/gm, "")),
    );
    expect(named.map(([file]) => file)).toEqual([]);
  });

  it("the Worker imports no route module, and its legacy API no component", () => {
    expect(upwardImports("workers", ["routes"])).toEqual([]);
    const compat = Object.entries(sources.workers).filter(([file]) => file.startsWith("/workers/compat/"));
    expect(compat.length).toBeGreaterThan(10);
    expect(
      compat.flatMap(([file, source]) =>
        importedLayers(source)
          .filter((layer) => layer === "components")
          .map(() => file),
      ),
    ).toEqual([]);
  });

  it("a route imports no other route's modules", () => {
    expect(crossRouteImports()).toEqual([]);
    const probe = importedRouteFiles(
      "/app/routes/package-details/package-details.server.ts",
      'import { x } from "../temple-site/temple-site.server";',
    );
    expect(probe).toEqual(["/app/routes/temple-site/temple-site.server"]);
  });
});
