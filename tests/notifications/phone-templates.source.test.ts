/**
 * Issue 41: every kind of message the portal sends has its phone templates configured wherever
 * it runs: the tests' MSG91 templates (tests/support/test-vars.ts PHONE_MESSAGE_KINDS) and the local ones `npm start`
 * writes to .dev.vars cover exactly the notifications area's kinds, in each of the six languages,
 * and every kind has a WhatsApp template name Meta accepts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "~/domain/notifications/kinds";
import { type AppEnv, readEnv } from "~/lib/env.server";
import { locales } from "~/lib/i18n";
import { msg91TemplateId } from "~/lib/phone/sms.server";
import { whatsappTemplateName } from "~/lib/phone/whatsapp.server";
import devVarsExample from "../../.dev.vars.example?raw";
import { upgradedDevVars } from "../../scripts/dev-vars";

const exampleTemplates = JSON.parse(/^MSG91_TEMPLATES=(.*)$/m.exec(devVarsExample)![1]!) as Record<string, unknown>;

describe("the phone templates' configuration", () => {
  it("names exactly the kinds the notifications area sends, in the tests and in .dev.vars", () => {
    // The tests' MSG91_TEMPLATES is made from PHONE_MESSAGE_KINDS (tests/support/test-vars.ts, Node-side).
    const testTemplates = JSON.parse((env as unknown as { MSG91_TEMPLATES: string }).MSG91_TEMPLATES) as Record<string, unknown>;
    expect(Object.keys(testTemplates)).toEqual([...NOTIFICATION_KINDS]);
    expect(Object.keys(exampleTemplates)).toEqual([...NOTIFICATION_KINDS]);
  });

  it("gives every kind an SMS template in each of the six languages, and a WhatsApp template name", () => {
    const tests = readEnv(env).config;
    const local = { ...tests, MSG91_TEMPLATES: exampleTemplates } as AppEnv["config"];
    for (const kind of NOTIFICATION_KINDS) {
      expect(whatsappTemplateName(tests, kind), kind).toMatch(/^sannidhi_[a-z0-9_]+$/);
      for (const language of locales) {
        expect(msg91TemplateId(tests, kind, language), `${kind} ${language}`).toBe(`local_${kind.replaceAll("-", "_")}_${language}`);
        expect(msg91TemplateId(local, kind, language), `${kind} ${language}`).toBe(`local_${kind.replaceAll("-", "_")}`);
      }
    }
    expect(whatsappTemplateName(tests, "sign-in-code")).toBe("sannidhi_sign_in_code");
  });

  it("replaces an older .dev.vars' templates (kinds never sent, kinds added since), and leaves a developer's own alone", () => {
    const older =
      'SESSION_SECRET=abc\nMSG91_TEMPLATES={"booking_confirmed":"local_booking_confirmed","sign_in_code":"local_sign_in_code"}\nX=1\n';
    const upgraded = upgradedDevVars(devVarsExample, older);
    expect(upgraded).toMatch(/^SESSION_SECRET=abc\nMSG91_TEMPLATES=\{"receipt":"local_receipt",.*\}\nX=1\n$/);
    expect(upgradedDevVars(devVarsExample, upgraded!)).toBeNull();
    expect(upgradedDevVars(devVarsExample, 'MSG91_TEMPLATES={"receipt":"1207161234567890123"}\n')).toBeNull();
    // An example's line from before kinds were added (the temples' alerts) gets them.
    const beforeAlerts = 'MSG91_TEMPLATES={"receipt":"local_receipt","sign-in-code":"local_sign_in_code"}\n';
    expect(upgradedDevVars(devVarsExample, beforeAlerts)).toContain('"temple-morning-digest":"local_temple_morning_digest"');
  });
});
