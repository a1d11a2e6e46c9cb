import { Hono } from "hono";
import { common } from "./common";
import type { LegacyEnv } from "./http";

/** The spec's legacy POST endpoints (section 7), grouped as the spec groups them. */
export const compat = new Hono<LegacyEnv>();

compat.route("/", common);
