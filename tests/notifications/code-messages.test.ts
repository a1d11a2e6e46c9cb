/**
 * Issue 41: a code's message keeps the code only while it may still be sent. Once sent, its row
 * holds the code masked (text, parameters); a failed one keeps it for the console's Retry while
 * any code lives, then housekeeping masks it; one left queued that long is failed, not sent late.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { forgetStaleCodes, MASKED_CODE } from "~/domain/notifications/code-messages.server";
import { outboxFor, uniqueEmail } from "../support/browser";
import { deliver, rowOf, writeNotice } from "./support/queue";

async function paramsOf(id: string) {
  const row = await env.DB.prepare("select params from notifications where id = ?").bind(id).first<{ params: string }>();
  return JSON.parse(row!.params) as Record<string, unknown>;
}

async function variablesOf(id: string) {
  const row = await env.DB.prepare("select template_variables from notifications where id = ?")
    .bind(id)
    .first<{ template_variables: string }>();
  return JSON.parse(row!.template_variables) as string[];
}

/** A code message's row written straight, `minutesAgo` old, with `status`. */
async function codeRow(status: "queued" | "failed", minutesAgo: number) {
  const id = crypto.randomUUID();
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await env.DB.prepare(
    `insert into notifications (id, kind, channel, recipient, language, params, template_variables, text, status, created_at, updated_at)
     values (?, 'sign-in-code', 'sms', '+919845012345', 'en', '{"code":"482913"}', '["482913"]', 'Sannidhi: Your sign-in code is 482913.', ?, ?, ?)`,
  )
    .bind(id, status, at, at)
    .run();
  return id;
}

describe("a code's message", () => {
  it("is sent with its code, and its row keeps the code masked after", async () => {
    const to = uniqueEmail("code");
    const [id] = await writeNotice(env, { kind: "sign-in-code", to: { email: to, language: "en" }, params: { code: "135791" } });
    expect((await rowOf(id!))!.text).toContain("135791");
    expect(await deliver(env, id!)).toEqual({ acked: true, retryDelay: null });
    const [mail] = await outboxFor(to);
    expect(mail!.text).toContain("135791");
    const row = await rowOf(id!);
    expect(row).toMatchObject({ status: "sent" });
    expect(row!.text).not.toContain("135791");
    expect(row!.text).toContain(`Your sign-in code is ${MASKED_CODE}.`);
    expect(row!.subject).not.toContain("135791");
    expect(await paramsOf(id!)).toEqual({ code: MASKED_CODE });
  });

  it("keeps a failed one's code while codes live, then housekeeping masks it; one left queued that long is failed", async () => {
    const [failedFresh, failedOld, queuedOld, queuedFresh] = [
      await codeRow("failed", 5),
      await codeRow("failed", 45),
      await codeRow("queued", 45),
      await codeRow("queued", 2),
    ];
    expect(await forgetStaleCodes(createDb(env.DB))).toBeGreaterThanOrEqual(2);
    const masked = `Sannidhi: Your sign-in code is ${MASKED_CODE}.`;
    expect(await rowOf(failedFresh)).toMatchObject({ status: "failed", text: "Sannidhi: Your sign-in code is 482913." });
    expect(await rowOf(failedOld)).toMatchObject({ status: "failed", text: masked });
    expect(await paramsOf(failedOld)).toEqual({ code: MASKED_CODE });
    // The SMS or WhatsApp template's variable is the code too.
    expect(await variablesOf(failedOld)).toEqual([MASKED_CODE]);
    expect(await variablesOf(failedFresh)).toEqual(["482913"]);
    expect(await rowOf(queuedOld)).toMatchObject({ status: "failed", text: masked, last_error: "the code expired before it was sent" });
    expect(await rowOf(queuedFresh)).toMatchObject({ status: "queued", text: "Sannidhi: Your sign-in code is 482913." });
    await env.DB.prepare("delete from notifications where id in (?, ?, ?, ?)").bind(failedFresh, failedOld, queuedOld, queuedFresh).run();
  });
});
