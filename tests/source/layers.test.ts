/**
 * Imports only run down the layers of the README's picture: infrastructure (app/lib) below the
 * domain (app/domain), below the request helpers (app/web), below the fronts (routes,
 * components, the Worker's Hono routes). A new upward import fails here.
 */
import { describe, expect, it } from "vitest";

const sources = {
  lib: import.meta.glob<string>("/app/lib/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  domain: import.meta.glob<string>("/app/domain/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  web: import.meta.glob<string>("/app/web/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
};

/** The app folders a file imports from (`~/domain/x`, `../domain/x` or `../../web/x` from a subfolder → "domain", "web"). */
function importedLayers(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*"(?:~\/|(?:\.\.\/)+)(lib|domain|web|routes|components)\//g)].map(([, layer]) => layer!);
}

function upwardImports(layer: keyof typeof sources, forbidden: string[]) {
  return Object.entries(sources[layer]).flatMap(([file, source]) =>
    importedLayers(source)
      .filter((imported) => forbidden.includes(imported))
      .map((imported) => `${file} imports ${imported}`),
  );
}

describe("the layers", () => {
  it("are all there", () => {
    for (const layer of Object.values(sources)) expect(Object.keys(layer).length).toBeGreaterThan(5);
  });

  it("are read from every kind of import, in subfolders too", () => {
    const source = 'import { a } from "~/web/a";\nimport { b } from "../../routes/b";\nexport { c } from "../components/c";\nconst d = await import("../lib/d");\nimport { e } from "./e";';
    expect(importedLayers(source)).toEqual(["web", "routes", "components", "lib"]);
  });

  it("infrastructure imports no domain, request helper, route or component", () => {
    expect(upwardImports("lib", ["domain", "web", "routes", "components"])).toEqual([]);
  });

  it("the domain imports no request helper, route or component", () => {
    expect(upwardImports("domain", ["web", "routes", "components"])).toEqual([]);
  });

  it("request helpers import no route or component", () => {
    expect(upwardImports("web", ["routes", "components"])).toEqual([]);
  });
});
