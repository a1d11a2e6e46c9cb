import { Hono } from "hono";
import { client } from "./client";
import { common } from "./common";
import { customer } from "./customer";
import { docs } from "./docs";
import { enquiries } from "./enquiries";
import { favourites } from "./favourites";
import type { LegacyEnv } from "./http";
import { profile } from "./profile";
import { request } from "./request";
import { session } from "./session";
import { temple } from "./temple";
import { transaction } from "./transaction";
import { user } from "./user";

/** The spec's legacy POST endpoints (section 7), grouped as the spec groups them, and their documentation. */
export const compat = new Hono<LegacyEnv>();

for (const group of [session, user, client, customer, profile, common, enquiries, transaction, favourites, temple, request, docs]) {
  compat.route("/", group);
}
