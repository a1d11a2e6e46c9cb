import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

export type AnySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

type UseFormOptions<Schema extends AnySchema> = Parameters<typeof useForm<z.input<Schema>, z.output<Schema>, string[]>>[0];

/**
 * `useForm`'s options (lastResult, defaultValue, shouldRevalidate…) but the constraint and the
 * validation, which come from the schema.
 */
type SchemaFormOptions<Schema extends AnySchema> = Omit<UseFormOptions<Schema>, "id" | "constraint" | "onValidate"> & {
  /** Conform derives every field's id from it, and a page answering a post made without JavaScript finds its form by it. */
  id: string;
  /**
   * The schema a submission is checked against when it is not `schema`, e.g. "Resend code"
   * checks only the email. It must accept what `schema` accepts (its fields are the form's).
   */
  schemaFor?: (formData: FormData) => z.ZodType;
};

/**
 * A Conform form checked by a zod schema, in the browser as on the server: the schema's
 * constraints describe the fields (which are required) and each validation parses the
 * form data with it, from the first time a field is left (`shouldValidate: "onBlur"`,
 * unless the options say otherwise).
 */
export function useSchemaForm<Schema extends AnySchema>(schema: Schema, { schemaFor, ...options }: SchemaFormOptions<Schema>) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    // `schemaFor`'s schema accepts the same fields, so its submission stands for `schema`'s.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: (schemaFor?.(formData) ?? schema) as Schema }),
    ...options,
  });
}
