import type { RouterContextProvider } from "react-router";
import { createDb } from "~/db/client.server";
import { appEnv } from "./context.server";

/** The drizzle client for this request's D1 binding. */
export function dbFrom(context: Readonly<RouterContextProvider>) {
  return createDb(appEnv(context).bindings.DB);
}
