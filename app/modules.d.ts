/** Module types the Worker build gives non-JavaScript imports (@cloudflare/vite-plugin's additional modules). */
declare module "*.wasm" {
  /** Compiled at deploy time: Workers may not compile WebAssembly at run time. */
  const module: WebAssembly.Module;
  export default module;
}
