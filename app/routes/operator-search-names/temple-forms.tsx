import { DeskForm } from "~/components/desk/desk-form";
import type { SubmissionResult } from "@conform-to/react";
import { TextField, useIsSubmitting } from "~/components/forms/form-fields";
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
  // Both forms post to this temple's page and come back to it.
  const aboutTemple = { hidden: { templeId: temple.id, redirectTo: back }, action: back };
  return (
    <>
      <DeskForm
        form={addForm}
        title={m.desk_names_add_title()}
        intent="add-alias"
        {...aboutTemple}
        submit={m.desk_names_add_button()}
        busy={useIsSubmitting(path, "add-alias")}
      >
        <TextField field={addFields.text} label={m.desk_names_text_label()} hint={M.text} />
      </DeskForm>
      <DeskForm
        form={weightForm}
        title={m.desk_names_weight_title()}
        intent="weight"
        {...aboutTemple}
        submit={m.desk_names_weight_button()}
        busy={useIsSubmitting(path, "weight")}
      >
        <TextField
          field={weightFields.weight}
          label={m.desk_names_weight_label()}
          hint={m.desk_names_weight_hint({ max: PILGRIMAGE_WEIGHT_MAX })}
          inputMode="numeric"
        />
      </DeskForm>
    </>
  );
}
