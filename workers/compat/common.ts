import { Hono } from "hono";
import { z } from "zod";
import { createDb } from "~/db/client.server";
import { LANGUAGE_ID, listCurrentMessages, listDeities } from "~/domain/content.server";
import { todayInIndia } from "~/domain/text";
import { readEnv } from "~/lib/env.server";
import { type LegacyEnv, badRequest, readPayload } from "./http";

const languagePayload = z.object({ LanguageID: z.coerce.number().int().optional() });

export const common = new Hono<LegacyEnv>();

common.post("/api/common/listAllDeities", async (c) => {
  const payload = await readPayload(c, z.object({}).loose());
  if ("response" in payload) return payload.response;
  const db = createDb(readEnv(c.env).bindings.DB);
  const rows = await listDeities(db);
  return c.json(rows.map((d) => ({ DeityID: d.id, DeityName: d.name, imagePath: d.imagePath })));
});

function messageRoute(path: string, kind: "event" | "announcement") {
  common.post(path, async (c) => {
    const payload = await readPayload(c, languagePayload);
    if ("response" in payload) return payload.response;
    const languageId = payload.data.LanguageID ?? LANGUAGE_ID;
    if (languageId !== LANGUAGE_ID) {
      return badRequest(c, "LanguageID", "Only LanguageID 1 is supported");
    }
    const db = createDb(readEnv(c.env).bindings.DB);
    const rows = await listCurrentMessages(db, kind, todayInIndia());
    return c.json(
      rows.map((m) => ({
        MessageHeader: m.header,
        MessageBody: m.body,
        MessageImagePath: m.imagePath ?? "",
        MessageFooter: m.footerUrl ?? "",
        MessageDisplayOrder: m.displayOrder,
        StartDate: m.startDate,
        EndDate: m.endDate,
      })),
    );
  });
}

messageRoute("/api/LoadAllEvents", "event");
messageRoute("/api/LoadAllAnnouncement", "announcement");
