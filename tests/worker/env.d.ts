declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SEED: string[];
  }
}

declare module "@sannidhi/built-worker" {
  const worker: { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };
  export default worker;
}
