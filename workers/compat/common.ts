/** /api/Common/LoadStars, /api/common/listAllDeities, /api/LoadAllEvents, /api/LoadAllAnnouncement. */
import { Hono } from "hono";
import { z } from "zod";
import { listStars } from "~/domain/accounts/customers.server";
import { ANNOUNCEMENT_POPUP_ORDER, deitiesInLanguage, listCurrentMessages, listDeities } from "~/domain/content/content.server";
import { todayInIndia } from "~/lib/india-time";
import { LANGUAGE_ID_LIST, languageId } from "./fields";
import type { LegacyEnv } from "./http";
import { legacyPost } from "./route";
import { deityEntity, legacyDeity } from "./temple-shapes";

export const common = new Hono<LegacyEnv>();

const LANGUAGE_NOTE =
  `LanguageID (${LANGUAGE_ID_LIST}) names the language of the answer's names and texts, where the ` +
  `portal has them in that language (English otherwise); left out, unknown or malformed, the answer is ` +
  `English.`;

legacyPost(
  common,
  {
    path: "/api/Common/LoadStars",
    group: "Common",
    summary: "The 27 stars (nakshatras)",
    description: `The stars for the profile's title/star select and booking forms, in their traditional order. ${LANGUAGE_NOTE}`,
    request: z.object({ LanguageID: languageId }),
    response: z.array(z.object({ StarID: z.number().int(), StarName: z.string() })),
    auth: "public",
    writes: false,
  },
  async ({ db }) => (await listStars(db)).map((s) => ({ StarID: s.id, StarName: s.name })),
);

legacyPost(
  common,
  {
    path: "/api/common/listAllDeities",
    group: "Common",
    summary: "All deities",
    description: `Every deity, in the home page's display order, with its image path. ${LANGUAGE_NOTE}`,
    request: z.object({ LanguageID: languageId }),
    response: z.array(deityEntity),
    auth: "public",
    writes: false,
  },
  async ({ db }) => (await deitiesInLanguage(db, await listDeities(db))).map(legacyDeity),
);

const message = z.object({
  MessageHeader: z.string(),
  MessageBody: z.string(),
  MessageImagePath: z.string().meta({ description: "Empty when there is no image." }),
  MessageFooter: z.string().meta({ description: "The footer link's address ('Click Here'); empty when none." }),
  MessageDisplayOrder: z.number().int(),
  StartDate: z.string(),
  EndDate: z.string(),
});

function messageRoute(path: string, kind: "event" | "announcement", description: string) {
  legacyPost(
    common,
    {
      path,
      group: "Common",
      summary: kind === "event" ? "Current and coming events" : "Current announcements",
      description: `${description} ${LANGUAGE_NOTE}`,
      request: z.object({ LanguageID: languageId }),
      response: z.array(message),
      auth: "public",
      writes: false,
    },
    async ({ db }) => {
      const rows = await listCurrentMessages(db, kind, todayInIndia());
      return rows.map((m) => ({
        MessageHeader: m.header,
        MessageBody: m.body,
        MessageImagePath: m.imagePath ?? "",
        MessageFooter: m.footerUrl ?? "",
        MessageDisplayOrder: m.displayOrder,
        StartDate: m.startDate,
        EndDate: m.endDate,
      }));
    },
  );
}

messageRoute("/api/LoadAllEvents", "event", "Events that have not ended yet (India time), soonest first.");
messageRoute(
  "/api/LoadAllAnnouncement",
  "announcement",
  `Announcements current today (India time). The one with MessageDisplayOrder ${ANNOUNCEMENT_POPUP_ORDER} is the pop-up.`,
);
