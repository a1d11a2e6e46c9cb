/**
 * Reading a form post, bounded before anything allocates: the body is read up to a
 * byte limit (a larger one is read to its end unkept, or cancelled past a bound: see
 * request-body.server.ts), and the fields are counted, their names measured and any
 * array index checked, before Conform turns names like `dates[3]` into arrays (an index
 * of 50,000,000 there builds a dense array and stalls the runtime).
 *
 * Then `parseSubmission` hands Conform only the fields the form's schema knows, with
 * array indexes below the schema's own maximum, so a reply can never echo a field the
 * form does not have.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { discardBody, readBoundedBytes } from "./request-body.server";

export interface FormLimits {
  /** Body size in bytes. */
  maxBytes: number;
  /** Number of fields (a repeated name counts each time). */
  maxFields: number;
  /** Length of a field name, in UTF-16 units. */
  maxNameLength: number;
  /** Largest array index in a name such as `dates[9]` (the largest form has 10 of each). */
  maxIndex: number;
}

export const FORM_LIMITS: FormLimits = { maxBytes: 64 * 1024, maxFields: 200, maxNameLength: 100, maxIndex: 19 };

/**
 * The body size a form with `characters` of text in total needs, as browsers post it
 * (percent-encoded UTF-8): an Indic character is often three code points and each code
 * point nine bytes ("%E0%B4%95"), so 5,000 Malayalam characters are about 120 KB. Never
 * less than the default bound.
 */
export function formBytesForText(characters: number): number {
  return Math.max(FORM_LIMITS.maxBytes, characters * 3 * 9 + 8 * 1024);
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export const FORM_MESSAGES = {
  type: "This address takes a form submission (application/x-www-form-urlencoded or multipart/form-data).",
  size: "The form is too large to read.",
  shape: "The form could not be read: it has too many fields or a field name we do not expect.",
  unreadable: "The form could not be read.",
} as const;

/** A refusal: thrown from an action, React Router answers it with its status. */
function refuse(status: 400 | 413 | 415, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

const INDEX = /\[(\d*)\]/g;

/** Whether a field name is one a form of ours could send: short, with small array indexes. */
function acceptableName(name: string, limits: FormLimits): boolean {
  if (name.length === 0 || name.length > limits.maxNameLength) return false;
  if (!name.includes("[")) return true;
  for (const match of name.matchAll(INDEX)) {
    const digits = match[1]!;
    if (digits === "" || digits.length > 4 || Number(digits) > limits.maxIndex) return false;
  }
  return true;
}

/**
 * The request's form, bounded by `limits`. Throws a 415 for another content type, a 413
 * for a body over the size limit and a 400 for too many fields or an unexpected name.
 * `textCharacters`: the form's text fields take that many characters in all, in any script.
 */
export async function readForm(request: Request, overrides: Partial<FormLimits> & { textCharacters?: number } = {}): Promise<FormData> {
  const { textCharacters, ...given } = overrides;
  const limits = { ...FORM_LIMITS, ...(textCharacters ? { maxBytes: formBytesForText(textCharacters) } : {}), ...given };
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) {
    await discardBody(request);
    throw refuse(415, FORM_MESSAGES.type);
  }
  const bytes = await readBoundedBytes(request, limits.maxBytes).catch(() => {
    throw refuse(400, FORM_MESSAGES.unreadable);
  });
  if (bytes === null) throw refuse(413, FORM_MESSAGES.size);
  let formData: FormData;
  if (mediaType === "multipart/form-data") {
    formData = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData().catch(() => {
      throw refuse(400, FORM_MESSAGES.unreadable);
    });
  } else {
    formData = new FormData();
    const params = new URLSearchParams(new TextDecoder().decode(bytes));
    for (const [name, value] of params) formData.append(name, value);
  }
  let fields = 0;
  for (const name of formData.keys()) {
    fields += 1;
    if (fields > limits.maxFields || !acceptableName(name, limits)) throw refuse(400, FORM_MESSAGES.shape);
  }
  return formData;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/** The schema's fields and, for array fields, how many items it allows (null: not an array). */
function schemaFields(schema: z.ZodType): Map<string, number | null> | null {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return schemaFields(def.innerType);
  if (def.type === "pipe" && def.in) return schemaFields(def.in);
  if ((def.type === "union" && def.options) || (def.type === "intersection" && def.left && def.right)) {
    const merged = new Map<string, number | null>();
    for (const part of def.options ?? [def.left!, def.right!]) {
      const fields = schemaFields(part);
      if (!fields) return null;
      for (const [name, max] of fields) merged.set(name, Math.max(merged.get(name) ?? 0, max ?? 0) || max);
    }
    return merged;
  }
  if (def.type !== "object" || !def.shape) return null;
  const fields = new Map<string, number | null>();
  for (const [name, field] of Object.entries(def.shape)) fields.set(name, arrayMaximum(field));
  return fields;
}

function arrayMaximum(field: z.ZodType): number | null {
  let def = defOf(field);
  while ((WRAPPERS.has(def.type) && def.innerType) || (def.type === "pipe" && def.in)) def = defOf(def.innerType ?? def.in!);
  if (def.type !== "array") return null;
  const max = def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
  return max ?? FORM_LIMITS.maxIndex + 1;
}

const CONFORM_INTENT = "__intent__";

/** Each schema's fields, walked once per isolate (schemas are module constants; a walk per post showed in the booking's profile). */
const fieldsOfSchema = new WeakMap<z.ZodType, Map<string, number | null> | null>();

/** The part of the form `schema` reads: known names only, array indexes below the schema's maximum. */
export function knownFields(formData: FormData, schema: z.ZodType): FormData {
  let fields = fieldsOfSchema.get(schema);
  if (fields === undefined) fieldsOfSchema.set(schema, (fields = schemaFields(schema)));
  if (!fields) return formData;
  const known = new FormData();
  for (const [name, value] of formData) {
    // Conform's own intent (`__intent__`: add or remove a list item without JavaScript) stays.
    if (name === CONFORM_INTENT) {
      known.append(name, value);
      continue;
    }
    const head = /^[^[.]+/.exec(name)?.[0] ?? "";
    if (!fields.has(head)) continue;
    const max = fields.get(head);
    if (max !== null && max !== undefined) {
      const index = /^[^[.]+\[(\d+)\]/.exec(name)?.[1];
      // A repeated plain name (`days=1&days=2`) is an array too; an index must be below the maximum.
      if (index !== undefined && Number(index) >= max) continue;
    }
    known.append(name, value);
  }
  return known;
}

/** Conform's server-side parse over the fields the schema knows: a reply echoes nothing else. */
export function parseSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(knownFields(formData, schema), { schema });
}
