/**
 * The form staff use to give a piece of content (a temple, puja, deity, event…) its words in
 * Hindi, Tamil, Malayalam, Telugu and Kannada. One fieldset per language, each field
 * optional: left empty, devotees reading that language see the English text. Works
 * without JavaScript (a plain post; the server checks it with the same schema).
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { FormErrors, SubmitButton, TextAreaField, TextField } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { OTHER_LOCALES, type OtherLocale, type TranslatedField, variantsSchema } from "~/domain/content/variants";
import { LANGUAGES } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

const LONG_FIELDS: ReadonlySet<TranslatedField> = new Set(["description", "body"]);

export type VariantsForm = {
  fields: readonly TranslatedField[];
  /** The English text of each field, shown beside each language's box. */
  english: Partial<Record<TranslatedField, string>>;
  variants: Partial<Record<OtherLocale, Partial<Record<TranslatedField, string>>>>;
};

const label = (field: TranslatedField) =>
  ({
    name: m.content_field_name(),
    description: m.content_field_description(),
    header: m.content_field_header(),
    body: m.content_field_body(),
  })[field];

export function ContentVariantsForm({
  id,
  form: data,
  lastResult,
  busy,
  hidden,
}: {
  id: string;
  form: VariantsForm;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
  hidden?: Record<string, string>;
}) {
  const schema = variantsSchema(data.fields, (max) => m.content_too_long({ max: String(max) }));
  const [form, fields] = useSchemaForm(schema, {
    id,
    lastResult,
    defaultValue: data.variants,
  });
  return (
    <Form method="post" className="desk-form content-variants" {...getFormProps(form)}>
      {hidden ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      <dl className="content-variants__english">
        {data.fields.map((field) => (
          <div key={field}>
            <dt>{m.content_english_text({ field: label(field) })}</dt>
            <dd lang="en">{data.english[field] || "—"}</dd>
          </div>
        ))}
      </dl>
      {OTHER_LOCALES.map((locale) => {
        const set = fields[locale].getFieldset();
        return (
          <fieldset key={locale} lang={locale}>
            <legend>
              {LANGUAGES[locale].name} <span lang="en">({LANGUAGES[locale].english})</span>
            </legend>
            {data.fields.map((field) =>
              LONG_FIELDS.has(field) ? (
                <TextAreaField key={field} field={set[field]!} label={label(field)} rows={5} />
              ) : (
                <TextField key={field} field={set[field]!} label={label(field)} />
              ),
            )}
          </fieldset>
        );
      })}
      <p className="field-hint">{m.content_variants_hint()}</p>
      <div className="form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{m.content_save_languages()}</SubmitButton>
      </div>
    </Form>
  );
}
