/**
 * Issue 41: every kind of message, by SMS and by WhatsApp, in each of the six languages, leaves
 * the queue's consumer through the production adapters and reaches the emulated provider with
 * its kind's template (WhatsApp's name and language, MSG91's DLT id for that language) and its
 * variables in order, written in the devotee's language; the local outbox shows it once. (From
 * source, the queue's consumer called as workers/queue.ts: Paraglide's locale is the source's.)
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CODE_KINDS, MASKED_CODE } from "~/domain/notifications/code-messages.server";
import { type KindParams, NOTIFICATION_KINDS, type NotificationKind, phoneText, templateVariables } from "~/domain/notifications/kinds";
import { listOutbox } from "~/lib/email.server";
import { locales } from "~/lib/i18n";
import { withLocale } from "~/lib/locale.server";
import { uniquePhone } from "../support/phone-emulators";
import { names, SAMPLES, SCRIPT } from "./support/kind-samples";
import { deliverFromSource, emulatorOf, phoneNotice } from "./support/phone-messages";

/** The tests' DLT template of a kind in a language (tests/support/test-vars.ts), or its WhatsApp template's name. */
const expectedTemplate = (channel: "sms" | "whatsapp", kind: string, language: string) =>
  `${channel === "sms" ? "local" : "sannidhi"}_${kind.replaceAll("-", "_")}${channel === "sms" ? `_${language}` : ""}`;

/** The language's own words in `text`: the script outside the names and numbers passed in. */
function ownWords(text: string) {
  let words = text;
  for (const name of Object.values(names)) words = words.replaceAll(name, "");
  return words;
}

for (const channel of ["sms", "whatsapp"] as const) {
  describe(`every kind of message by ${channel === "sms" ? "SMS" : "WhatsApp"}`, () => {
    for (const language of locales) {
      it(`in ${language}: the kind's template, language and variables at the provider, once in the outbox`, async () => {
        const phone = uniquePhone();
        const ids: string[] = [];
        for (const kind of NOTIFICATION_KINDS) {
          const params = SAMPLES[kind].params as KindParams[typeof kind];
          const id = await phoneNotice(channel, phone, kind, params, language);
          expect(await deliverFromSource(id), kind).toBe(true);
          ids.push(id);
        }
        const received = await emulatorOf(channel).messages(phone);
        expect(received).toHaveLength(NOTIFICATION_KINDS.length);
        for (const [index, kind] of NOTIFICATION_KINDS.entries()) {
          const params = SAMPLES[kind].params as KindParams[typeof kind];
          const variables = withLocale(language, () => templateVariables(kind, params));
          const message = received[index]!;
          expect(message, `${kind} in ${language}`).toMatchObject({
            channel,
            to: phone,
            template: expectedTemplate(channel, kind, language),
            language: channel === "whatsapp" ? language : null,
            params: variables,
          });
          if (channel === "whatsapp") expect(message.callbackData).toBe(ids[index]);
          const row = await env.DB.prepare("select * from notifications where id = ?").bind(ids[index]).first<Record<string, string>>();
          expect(row, kind).toMatchObject({ status: "sent", channel, recipient: phone, provider_id: message.id, language });
          // A code's row keeps it masked once sent (code-messages.server.ts); the devotee got it whole (the outbox, below).
          const kept = (CODE_KINDS as readonly NotificationKind[]).includes(kind) ? { ...params, code: MASKED_CODE } : params;
          expect(row!.text).toBe(withLocale(language, () => phoneText("Sannidhi", kind, kept as typeof params)));
          if (language !== "en") expect(ownWords(row!.text!), `${kind}: ${row!.text}`).toMatch(SCRIPT[language]!);
        }
        // A date written out in the devotee's language is in its script too (Malayalam, Tamil, …).
        if (language !== "en") {
          const reminder = received[NOTIFICATION_KINDS.indexOf("puja-eve-reminder")]!;
          expect(reminder.params[0], reminder.params.join(" | ")).toMatch(new RegExp(SCRIPT[language]!.source.replace("{3}", "+")));
        }
        const outbox = await listOutbox(env.SESSIONS, phone);
        expect(outbox).toHaveLength(NOTIFICATION_KINDS.length);
        for (const entry of outbox) expect(entry).toMatchObject({ channel, to: phone });
        expect(outbox.map((entry) => entry.text).sort()).toEqual(
          NOTIFICATION_KINDS.map((kind) => withLocale(language, () => phoneText("Sannidhi", kind, SAMPLES[kind].params as never))).sort(),
        );
      });
    }
  });
}
