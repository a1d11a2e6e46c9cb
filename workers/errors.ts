import type { ErrorHandler } from "hono";

/** An error nothing caught: the legacy API's failure shape for API calls and posts, a plain page for the rest. */
export const unhandledError: ErrorHandler<{ Bindings: Env }> = (error, c) => {
  console.error("Unhandled error", error instanceof Error ? error.message : "unknown");
  if (c.req.path.startsWith("/api/") || c.req.method !== "GET") {
    return c.json({ Status: "Failed", error: "server_error", message: "Something went wrong" }, 500);
  }
  return c.text("Something went wrong. Please try again in a moment.", 500);
};
