/**
 * The forms checked by the server only (`useServerForm`): the account forms, which the
 * header carries on every page, and the home page's boxes. Their schemas check every post
 * in the action; the page is told only which fields are required (for `aria-required`),
 * here, by name and typed by the schema. A test keeps each list equal to what the schema
 * says (tests/security/server-checked-forms.source.test.ts). Type imports only: no zod reaches the page.
 */
import type { z } from "zod";
import type {
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
import type { contactRequestSchema, newsletterSchema } from "~/domain/enquiries/inputs";

/** A server-checked form: its schema's input (a type) and the fields that schema requires. */
export interface ServerCheckedForm<Input> {
  required: readonly (keyof Input & string)[];
}

const form = <Schema extends z.ZodType>(required: readonly (keyof z.input<Schema> & string)[]): ServerCheckedForm<z.input<Schema>> => ({
  required,
});

export const SERVER_CHECKED_FORMS = {
  login: form<typeof loginSchema>(["email", "password"]),
  register: form<typeof registerSchema>(["name", "mobile", "email", "password", "confirmPassword"]),
  verify: form<typeof verifySchema>(["email", "code"]),
  forgot: form<typeof forgotPasswordSchema>(["email"]),
  reset: form<typeof resetPasswordSchema>(["email", "password", "confirmPassword", "code"]),
  phone: form<typeof phoneSignInSchema>(["phone"]),
  phoneCode: form<typeof phoneCodeSchema>(["phone", "code"]),
  phoneAccount: form<typeof phoneAccountSchema>(["customerId"]),
  phoneChange: form<typeof phoneChangeCodeSchema>(["code"]),
  newsletter: form<typeof newsletterSchema>(["intent", "email"]),
  contact: form<typeof contactRequestSchema>(["intent", "emailOrPhone"]),
};
