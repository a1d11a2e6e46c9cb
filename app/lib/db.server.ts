import type { RouterContextProvider } from "react-router";
import { requestStateContext } from "./context.server";

/** The drizzle client of this request (made once, by the root middleware). */
export function dbFrom(context: Readonly<RouterContextProvider>) {
  return context.get(requestStateContext).db;
}
