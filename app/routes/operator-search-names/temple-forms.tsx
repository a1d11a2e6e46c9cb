import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { FormErrors, SubmitButton, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { PILGRIMAGE_WEIGHT_MAX } from "~/domain/catalog/prominence";
import { addAliasSchema, pilgrimageWeightSchema, SEARCH_NAME_MESSAGES as M } from "~/domain/temples-admin/search-names";
import { m } from "~/paraglide/messages";

type Temple = { id: number; displayName: string; weight: number };

/** One temple's two forms: add a name devotees use (approved at once), and set its pilgrimage weight. */
export function TempleSearchNamesForms({
  temple,
  addResult,
  weightResult,
}: {
  temple: Temple;
  addResult?: SubmissionResult<string[]>;
  weightResult?: SubmissionResult<string[]>;
}) {
  const path = `/operator/search-names`;
  const [addForm, addFields] = useSchemaForm(addAliasSchema, { id: `add-alias-${temple.id}`, lastResult: addResult });
  const [weightForm, weightFields] = useSchemaForm(pilgrimageWeightSchema, {
    id: `weight-${temple.id}`,
    lastResult: weightResult,
    defaultValue: { weight: String(temple.weight) },
  });
  const back = `${path}?temple=${temple.id}`;
  return (
    <>
      <Form method="post" action={back} className="desk-form" {...getFormProps(addForm)} aria-labelledby="add-alias-title">
        <h3 id="add-alias-title">{m.desk_names_add_title()}</h3>
        <input type="hidden" name="intent" value="add-alias" />
        <input type="hidden" name="templeId" value={temple.id} />
        <input type="hidden" name="redirectTo" value={back} />
        <TextField field={addFields.text} label={m.desk_names_text_label()} hint={M.text} />
        <div className="form-actions">
          <FormErrors form={addForm} />
          <SubmitButton busy={useIsSubmitting(path, "add-alias")}>{m.desk_names_add_button()}</SubmitButton>
        </div>
      </Form>
      <Form method="post" action={back} className="desk-form" {...getFormProps(weightForm)} aria-labelledby="weight-title">
        <h3 id="weight-title">{m.desk_names_weight_title()}</h3>
        <input type="hidden" name="intent" value="weight" />
        <input type="hidden" name="templeId" value={temple.id} />
        <input type="hidden" name="redirectTo" value={back} />
        <TextField
          field={weightFields.weight}
          label={m.desk_names_weight_label()}
          hint={m.desk_names_weight_hint({ max: PILGRIMAGE_WEIGHT_MAX })}
          inputMode="numeric"
        />
        <div className="form-actions">
          <FormErrors form={weightForm} />
          <SubmitButton busy={useIsSubmitting(path, "weight")}>{m.desk_names_weight_button()}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
