import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  forgotPasswordSchema,
  loginSchema,
  phoneAccountSchema,
  phoneChangeCodeSchema,
  phoneCodeSchema,
  phoneSignInSchema,
  registerSchema,
  resetPasswordSchema,
  verifySchema,
} from "~/domain/accounts/inputs";
import { contactRequestSchema, newsletterSchema } from "~/domain/enquiries/inputs";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";

/** The schema each server-checked form is posted to (the action parses with it). */
const SCHEMAS: Record<keyof typeof SERVER_CHECKED_FORMS, z.ZodType> = {
  login: loginSchema,
  register: registerSchema,
  verify: verifySchema,
  forgot: forgotPasswordSchema,
  reset: resetPasswordSchema,
  phone: phoneSignInSchema,
  phoneCode: phoneCodeSchema,
  phoneAccount: phoneAccountSchema,
  phoneChange: phoneChangeCodeSchema,
  newsletter: newsletterSchema,
  contact: contactRequestSchema,
};

describe("server-checked forms", () => {
  for (const [name, form] of Object.entries(SERVER_CHECKED_FORMS)) {
    it(`${name}: marks as required exactly the fields its schema requires`, () => {
      const constraint = getZodConstraint(SCHEMAS[name as keyof typeof SCHEMAS]);
      const required = Object.entries(constraint)
        .filter(([, rules]) => rules.required)
        .map(([field]) => field);
      expect([...form.required].sort()).toEqual(required.sort());
    });
  }
});
