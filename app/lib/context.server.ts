import { createContext, type RouterContextProvider } from "react-router";
import { type AppEnv, readEnv } from "./env.server";

/** The Worker's env and execution context, handed to React Router per request. */
export interface WorkerContext {
  env: Env;
  ctx: ExecutionContext;
}

export const workerContext = createContext<WorkerContext>();

/** For loaders and actions: the checked environment of this request. */
export function appEnv(context: Readonly<RouterContextProvider>): AppEnv {
  return readEnv(context.get(workerContext).env);
}
