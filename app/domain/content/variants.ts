/**
 * Content variants (see translations.server.ts) as a form sees them: which fields a
 * language can have, how long each may be, and the schema the desk and console forms share
 * with their actions. Browser-safe.
 */
import { z } from "zod";
import { baseLocale, type Locale, locales } from "~/lib/i18n";
import { withinCharacters } from "~/domain/text-fields";

export type TranslatedKind = "temple" | "puja" | "deity" | "star" | "message" | "state" | "purpose";
export type TranslatedField = "name" | "description" | "header" | "body";
export type OtherLocale = Exclude<Locale, "en">;

/** The languages content can be written in besides English. */
export const OTHER_LOCALES = locales.filter((l): l is OtherLocale => l !== baseLocale);

/** What the console can translate, by kind, and the fields each kind has. */
export const CONSOLE_KINDS = {
  deity: ["name"],
  puja: ["name", "description"],
  message: ["header", "body"],
} as const satisfies Partial<Record<TranslatedKind, readonly TranslatedField[]>>;
export type ConsoleKind = keyof typeof CONSOLE_KINDS;

/** How long each field may be, in characters a person counts. */
export const TRANSLATION_LIMITS: Record<TranslatedField, number> = { name: 200, description: 4000, header: 200, body: 4000 };

export type Variants = Partial<Record<OtherLocale, Partial<Record<TranslatedField, string | undefined>>>>;

/**
 * The variants form for some fields of one entity: each language's text is optional (left
 * empty, the page shows English), bounded in characters a person counts, any script. Make
 * it per request: `tooLong` speaks the request's language.
 */
export function variantsSchema(fields: readonly TranslatedField[], tooLong: (max: number) => string) {
  const inner: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const field of fields)
    inner[field] = withinCharacters(z.string().trim(), TRANSLATION_LIMITS[field], tooLong(TRANSLATION_LIMITS[field])).optional();
  const perLanguage = z.object(inner).optional();
  return z.object(Object.fromEntries(OTHER_LOCALES.map((locale) => [locale, perLanguage])) as Record<OtherLocale, typeof perLanguage>);
}
