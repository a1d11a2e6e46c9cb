/**
 * Family: the people a devotee books for. A list (name, relation, star, gotra, rashi, date of
 * birth) with Edit and Remove, and one form that adds a person or, from `?edit=`, changes one.
 * Plain forms with post/redirect/get: all of it works without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { familyMemberSchema, MAX_FAMILY_MEMBERS } from "~/domain/accounts/family";
import type { FamilyMember } from "~/domain/accounts/family.server";
import { type FormReply, formReplyFor } from "~/web/form-reply";
import { FieldErrors, namedOptions, SelectField, SubmitButton, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";

export interface FamilyTabData {
  members: FamilyMember[];
  /** The person the form changes (`?edit=`), or null: the form adds one. */
  editing: FamilyMember | null;
}

interface Props {
  data: FamilyTabData;
  stars: { id: number; name: string }[];
  serverData?: FormReply;
}

function MemberForm({ editing, stars, serverData }: { editing: FamilyMember | null; stars: Props["stars"]; serverData?: FormReply }) {
  const intent = editing ? "family-edit" : "family-add";
  const reply = formReplyFor(serverData, intent);
  const busy = useIsSubmitting("/account", intent);
  const [form, fields] = useSchemaForm(familyMemberSchema, {
    id: editing ? `family-edit-${editing.id}` : "family-add",
    lastResult: reply?.result,
    defaultValue: editing
      ? {
          name: editing.name,
          relation: editing.relation,
          starId: editing.starId ? String(editing.starId) : "",
          gotra: editing.gotra,
          rashi: editing.rashi,
          dateOfBirth: editing.dateOfBirth,
        }
      : undefined,
    shouldRevalidate: "onInput",
  });
  const title = editing ? m.account_family_edit_title({ name: editing.name }) : m.account_family_add_title();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="account-form account-form--grid" aria-label={title}>
      <h3 className="form-grid__wide">{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {editing ? <input type="hidden" name="memberId" value={editing.id} /> : null}
      <TextField field={fields.name} label={m.account_family_name()} autoComplete="off" requiredMark={false} />
      <TextField field={fields.relation} label={m.account_family_relation()} hint={m.account_family_relation_hint()} requiredMark={false} />
      <SelectField
        field={fields.starId}
        label={m.account_star()}
        options={namedOptions(stars)}
        placeholder={m.account_choose_star()}
        requiredMark={false}
      />
      <TextField field={fields.gotra} label={m.bookings_gotra()} hint={m.bookings_gotra_hint()} requiredMark={false} />
      <TextField field={fields.rashi} label={m.account_family_rashi()} requiredMark={false} />
      <TextField field={fields.dateOfBirth} label={m.account_family_date_of_birth()} type="date" requiredMark={false} />
      <div className="form-grid__wide">
        <FieldErrors id={form.errorId} errors={form.errors} />
      </div>
      <div className="account-form__actions form-grid__wide">
        <SubmitButton busy={busy}>{editing ? m.account_family_save() : m.account_family_add()}</SubmitButton>
        {editing ? <Link to="?tab=family">{m.account_family_cancel()}</Link> : null}
      </div>
    </Form>
  );
}

export function FamilyContent({ data, stars, serverData }: Props) {
  const { members, editing } = data;
  const starName = new Map(stars.map((star) => [star.id, star.name]));
  return (
    <div className="family">
      <h2>{m.account_tab_family()}</h2>
      <p className="field-hint">{m.account_family_intro({ max: MAX_FAMILY_MEMBERS })}</p>
      {members.length === 0 ? (
        <p className="empty-state">{m.account_family_empty()}</p>
      ) : (
        <ul className="family__list">
          {members.map((member) => (
            <li key={member.id} className="family__member">
              <p className="family__name">
                <strong>{member.name}</strong> · {member.relation}
              </p>
              <dl className="family__details">
                <dt>{m.account_star()}</dt>
                <dd>{member.starId ? (starName.get(member.starId) ?? "") : "–"}</dd>
                <dt>{m.bookings_gotra()}</dt>
                <dd>{member.gotra || "–"}</dd>
                {member.rashi ? (
                  <>
                    <dt>{m.account_family_rashi()}</dt>
                    <dd>{member.rashi}</dd>
                  </>
                ) : null}
                {member.dateOfBirth ? (
                  <>
                    <dt>{m.account_family_date_of_birth()}</dt>
                    <dd>{member.dateOfBirth}</dd>
                  </>
                ) : null}
              </dl>
              <div className="family__actions">
                <Link to={`?tab=family&edit=${member.id}`} aria-label={m.account_family_edit_label({ name: member.name })}>
                  {m.account_family_edit()}
                </Link>
                <Form method="post" action="/account?tab=family">
                  <input type="hidden" name="memberId" value={member.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="family-remove"
                    className="link-button"
                    aria-label={m.account_family_remove_label({ name: member.name })}
                  >
                    {m.account_remove()}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing || members.length < MAX_FAMILY_MEMBERS ? (
        <MemberForm key={editing?.id ?? "new"} editing={editing} stars={stars} serverData={serverData} />
      ) : (
        <p className="field-hint">{m.account_family_error_full({ max: MAX_FAMILY_MEMBERS })}</p>
      )}
    </div>
  );
}
