/** Module types the Worker build gives non-JavaScript imports (@cloudflare/vite-plugin's additional modules). */
declare module "*.wasm" {
  /** Compiled at deploy time: Workers may not compile WebAssembly at run time. */
  const module: WebAssembly.Module;
  export default module;
}

/** workerd's AsyncLocalStorage (nodejs_compat); the Worker's tsconfig carries no Node types. */
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}

/** Paraglide's per-language catalogs (app/paraglide-catalogs, compiled without type declarations). */
declare module "~/paraglide-catalogs/messages/*.js";
declare module "~/paraglide-catalogs/public/*.js";
declare module "~/paraglide-catalogs/staff/*.js";
