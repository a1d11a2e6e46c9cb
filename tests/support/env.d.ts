declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SEED: string[];
    /** The search evaluation's own database and its 1,000-temple seed (the `source` project only). */
    EVAL_DB: D1Database;
    EVAL_SEED: string[];
  }
}

declare module "@sannidhi/built-worker" {
  const worker: {
    fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response>;
    scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void>;
    queue(batch: MessageBatch, env: Env, ctx: ExecutionContext): Promise<void>;
  };
  export default worker;
}

declare module "@sannidhi/built-server-build" {
  export const routes: import("react-router").ServerBuild["routes"];
}
