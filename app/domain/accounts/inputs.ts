/**
 * Account inputs: one zod schema per form, shared by the Conform forms (client and
 * server) and, later, the legacy endpoints. Messages are the spec's exact strings
 * (section 5 and 8), typos included.
 */
import { z } from "zod";
import { plural } from "~/lib/i18n";
import { toE164 } from "~/lib/phone/phone-number";
import { m } from "~/paraglide/messages";
import { isPersonName } from "~/domain/text";
import { optionalCharacters, withinCharacters } from "~/domain/text-fields";
import { PHONE_PREFIX } from "./fields";

/** "Too many attempts… wait 1 minute / 5 minutes…", in the request's language. */
const tooManyAttempts = (minutes: number) =>
  plural(minutes, m.account_too_many_attempts_one, m.account_too_many_attempts_other)({ minutes });

/**
 * The account texts, read when needed (getters): each speaks the language of the request
 * or page that reads it. English is the spec's exact strings, typos included.
 */
export const ACCOUNT_MESSAGES = {
  get name() {
    return m.account_error_name();
  },
  get email() {
    return m.account_error_email();
  },
  get loginEmail() {
    return m.account_error_login_email();
  },
  get passwordShort() {
    return m.account_error_password_short();
  },
  get passwordLong() {
    return m.account_error_password_long();
  },
  get passwordIsLoginId() {
    return m.account_error_password_is_login_id();
  },
  get passwordsNotMatch() {
    return m.account_error_passwords_not_match();
  },
  get loginPassword() {
    return m.account_error_login_password();
  },
  get loginRejected() {
    return m.account_error_login_rejected();
  },
  get verificationRequired() {
    return m.account_error_verification_required();
  },
  get resetCode() {
    return m.account_error_reset_code();
  },
  get profileName() {
    return m.account_error_profile_name();
  },
  get profileMobile() {
    return m.account_error_profile_mobile();
  },
  get landline() {
    return m.account_error_landline();
  },
  get postalCode() {
    return m.account_error_postal_code();
  },
  get currentPassword() {
    return m.account_error_current_password();
  },
  get currentPasswordWrong() {
    return m.account_error_current_password_wrong();
  },
  get codeMismatch() {
    return m.account_error_code_mismatch();
  },
  get codeExpired() {
    return m.account_error_code_expired();
  },
  get signupMissing() {
    return m.account_error_signup_missing();
  },
  registered: (email: string) => m.account_error_registered({ email }),
  get noMatch() {
    return m.account_error_no_match();
  },
  get logoutFailed() {
    return m.account_error_logout_failed();
  },
  get signupFailed() {
    return m.account_error_signup_failed();
  },
  get phone() {
    return m.account_error_phone();
  },
  get phoneCodeSent() {
    return m.account_phone_code_sent();
  },
  get phoneSendFailed() {
    return m.account_phone_send_failed();
  },
  get phoneAccountNotOffered() {
    return m.account_phone_account_not_offered();
  },
  get phoneChangeSent() {
    return m.account_phone_change_sent();
  },
  get phoneChanged() {
    return m.account_phone_changed();
  },
  get chooseStar() {
    return m.account_error_choose_star();
  },
  get newUser() {
    return m.account_toast_new_user();
  },
  get alreadyVerified() {
    return m.account_toast_already_verified();
  },
  welcome: (firstName: string) => m.account_toast_welcome({ firstName }),
  welcomeBack: (firstName: string) => m.account_toast_welcome_back({ firstName }),
  codeSent: (email: string) => m.account_toast_code_sent({ email }),
  resetCodeSent: (email: string) => m.account_toast_reset_code_sent({ email }),
  get passwordReset() {
    return m.account_toast_password_reset();
  },
  get profileUpdated() {
    return m.account_status_profile_updated();
  },
  get passwordChanged() {
    return m.account_status_password_changed();
  },
  get humanCheckNeeded() {
    return m.account_human_check_needed();
  },
  get humanCheckFailed() {
    return m.account_human_check_failed();
  },
  get humanCheckUnavailable() {
    return m.account_human_check_unavailable();
  },
  resetCodeAlreadySent: (email: string) => m.account_reset_code_already_sent({ email }),
  tooManyAttempts,
  /** Someone else's guesses can lock an account: its owner is pointed to the reset, which lifts the lock. */
  signInLocked: (minutes: number) => `${tooManyAttempts(minutes)} ${m.account_sign_in_locked_hint()}`,
};

/** The answer to an attempt a rate limit refused; a refused sign-in offers the reset path. */
export function tooManyAttemptsMessage(retryAfterSeconds: number, signIn = false) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return signIn ? ACCOUNT_MESSAGES.signInLocked(minutes) : ACCOUNT_MESSAGES.tooManyAttempts(minutes);
}

const M = ACCOUNT_MESSAGES;

export { passwordHint, PHONE_PREFIX } from "./fields";
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 30;
export const DEFAULT_DOB = "1990-01-01";

/** 10 digits of an Indian mobile number, as people type it: spaces, dashes, any +91/91/0 prefix. */
export function normalizeMobile(value: string): string | null {
  if (!/^[\d +-]+$/.test(value) || value.length < 10 || value.length > 20) return null;
  let digits = value.replace(/[ -]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.startsWith("+")) return null;
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** How a mobile in E.164 is stored on an account: an Indian one as its ten digits (`normalizeMobile`), others as they are. */
export function storedMobile(phone: string): string {
  return phone.startsWith(PHONE_PREFIX) ? phone.slice(PHONE_PREFIX.length) : phone;
}

/** A landline keeps its digits and spaces (the +91 prefix is shown, not stored). */
export function normalizeLandline(value: string): string | null {
  if (!/^[\d +]+$/.test(value) || value.length < 10) return null;
  const rest = value.trim().replace(/^\+91\s*/, "");
  return /\+/.test(rest) || rest.replace(/\D/g, "").length < 8 ? null : rest;
}

/** The texts of ACCOUNT_MESSAGES (not the ones that take a value). */
type TextKey = { [K in keyof typeof M]: (typeof M)[K] extends string ? K : never }[keyof typeof M];

/** A zod message read when the rule fails (lazy), so it speaks that moment's language. */
const lazy = (key: TextKey) => () => M[key];
const say = (key: TextKey) => ({ error: lazy(key) });

export const emailField = (key: TextKey) =>
  z
    .string(say(key))
    .trim()
    .toLowerCase()
    .max(254, say(key))
    .pipe(z.email(say(key)));

/** The one name rule (sign-up, profile, devotee names): any script, spaces, dots for initials. */
const nameField = (key: TextKey) =>
  z
    .string(say(key))
    .trim()
    .refine((value) => isPersonName(value, NAME_MAX), say(key));

const mobileField = z
  .string(say("profileMobile"))
  .trim()
  .refine((value) => normalizeMobile(value) !== null, say("profileMobile"))
  .transform((value) => normalizeMobile(value)!);

const newPasswordField = z.string(say("passwordShort")).min(PASSWORD_MIN, say("passwordShort")).max(PASSWORD_MAX, say("passwordLong"));

const sameAsLoginId = (password: unknown, loginId: unknown) =>
  typeof password === "string" && typeof loginId === "string" && password.trim().toLowerCase() === loginId.trim().toLowerCase();

/** Adds the spec's cross-field password rules to an object with password fields. */
function passwordRules(passwordKey: string, loginIdKey: string | null) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = value[passwordKey];
    if (loginIdKey && sameAsLoginId(password, value[loginIdKey])) {
      ctx.addIssue({ code: "custom", path: [passwordKey], message: M.passwordIsLoginId });
    }
    if (typeof password === "string" && typeof value.confirmPassword === "string" && value.confirmPassword !== password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: M.passwordsNotMatch });
    }
  };
}

/** Cross-field rules run even when another field is missing, so every message shows at once. */
const alwaysForObjects = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

export const loginSchema = z.object({
  email: emailField("loginEmail"),
  password: z.string(say("loginPassword")).min(PASSWORD_MIN, say("loginPassword")).max(PASSWORD_MAX, say("loginPassword")),
  redirectTo: z.string().optional(),
});

export const registerSchema = z
  .object({
    name: nameField("name"),
    mobile: mobileField,
    email: emailField("email"),
    password: newPasswordField,
    confirmPassword: z.string(say("passwordsNotMatch")),
  })
  .superRefine(passwordRules("password", "email"), alwaysForObjects);

export const verifySchema = z.object({
  email: emailField("email"),
  code: z.string(say("verificationRequired")).trim().min(1, say("verificationRequired")).max(32, say("codeMismatch")),
});

export const forgotPasswordSchema = z.object({ email: emailField("loginEmail") });

export const resetPasswordSchema = z
  .object({
    email: emailField("loginEmail"),
    password: newPasswordField,
    confirmPassword: z.string(say("passwordsNotMatch")),
    code: z.string(say("resetCode")).trim().min(3, say("resetCode")).max(32, say("resetCode")),
  })
  .superRefine(passwordRules("password", "email"), alwaysForObjects);

const phoneField = z
  .string(say("phone"))
  .trim()
  .refine((value) => toE164(value) !== null, say("phone"))
  .transform((value) => toE164(value)!);

/** Six digits; spaces people type between them do not count. */
const phoneCodeField = z
  .string(say("verificationRequired"))
  .trim()
  .min(1, say("verificationRequired"))
  .max(32, say("codeMismatch"))
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => /^\d{6}$/.test(value), say("codeMismatch"));

/** Step 1 of signing in with a code to the phone: the mobile. */
export const phoneSignInSchema = z.object({ phone: phoneField, redirectTo: z.string().optional() });

/** Step 2: the code sent to that mobile. */
export const phoneCodeSchema = z.object({ phone: phoneField, code: phoneCodeField, redirectTo: z.string().optional() });

/** Step 3, when the mobile belongs to several accounts: the one chosen. */
export const phoneAccountSchema = z.object({ customerId: z.coerce.number().int().positive(), redirectTo: z.string().optional() });

/** The code sent to a new mobile given on the profile. */
export const phoneChangeCodeSchema = z.object({ code: phoneCodeField });

const optionalText = (max: number) => optionalCharacters(max);

export const profileSchema = z.object({
  firstName: nameField("profileName"),
  lastName: withinCharacters(z.string().trim(), NAME_MAX, lazy("profileName"))
    .regex(/^[\p{L}\p{M}\u200C\u200D .]*$/u, say("profileName"))
    .optional(),
  starId: z.coerce.number().int().positive().optional(),
  mobile: mobileField,
  landline: z
    .string()
    .trim()
    .refine((value) => normalizeLandline(value) !== null, say("landline"))
    .transform((value) => normalizeLandline(value)!)
    .optional(),
  houseName: optionalText(200),
  city: optionalText(80),
  district: optionalText(80),
  state: optionalText(80),
  country: optionalText(80),
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/, say("postalCode"))
    .optional(),
});

/** The change-password form; the login id is the signed-in customer's email. */
export function changePasswordSchema(loginId: string) {
  return z
    .object({
      currentPassword: z.string(say("currentPassword")).min(1, say("currentPassword")).max(PASSWORD_MAX, say("currentPasswordWrong")),
      newPassword: newPasswordField.refine((value) => !sameAsLoginId(value, loginId), say("passwordIsLoginId")),
      confirmPassword: z.string(say("passwordsNotMatch")),
    })
    .superRefine(passwordRules("newPassword", null), alwaysForObjects);
}

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type VerifyInput = z.infer<typeof verifySchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type PhoneCodeInput = z.infer<typeof phoneCodeSchema>;
