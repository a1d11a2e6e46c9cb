import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { href, useLocation } from "react-router";
import { Form, Link } from "~/components/layout/localized";
import { assignStaffSchema } from "~/domain/temples-admin/console";
import type { OperatorTemple } from "~/domain/temples-admin/temples.server";
import { CheckboxField, FieldErrors } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";
import { m } from "~/paraglide/messages";

function Back() {
  const location = useLocation();
  return <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />;
}

function AssignStaffForm({ temple, lastResult }: { temple: OperatorTemple; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(assignStaffSchema, {
    id: `assign-${temple.id}`,
    lastResult,
  });
  return (
    <Form
      method="post"
      className="desk-inline-form"
      {...getFormProps(form)}
      aria-label={m.operator_staff_add_label({ temple: temple.displayName })}
    >
      <Back />
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="templeId" value={temple.id} />
      <label htmlFor={fields.email.id}>{m.operator_staff_email_label()}</label>
      <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} aria-describedby={fields.email.errorId} />
      <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
      <button type="submit" className="button button--small">
        {m.operator_staff_add_button()}
      </button>
    </Form>
  );
}

/** One temple: online booking and assisted switches, its staff, and a link to its desk. */
export function OperatorTempleRow({ temple, lastResult }: { temple: OperatorTemple; lastResult?: SubmissionResult<string[]> }) {
  return (
    <tr>
      <th scope="row">
        {temple.displayName}
        <span className="booking-table__note">
          <Link to={href("/:lang?/desk/:templeId", { templeId: String(temple.id) })}>{m.operator_temple_open_desk()}</Link> ·{" "}
          <Link to={href("/:lang?/t/:slug", { slug: temple.slug })}>{m.operator_temple_site()}</Link> ·{" "}
          <Link to={href("/:lang?/operator/temples/:templeId/verification", { templeId: String(temple.id) })}>
            {temple.verified ? m.trust_operator_verified_link() : m.trust_operator_verify_link()}
          </Link>{" "}
          · <Link to={href("/:lang?/operator/temples/:templeId/fees", { templeId: String(temple.id) })}>{m.fees_operator_link()}</Link>
          {" · "}
          <Link to={href("/:lang?/operator/temples/:templeId/payouts", { templeId: String(temple.id) })}>{m.payouts_account_link()}</Link>
        </span>
      </th>
      <td>
        <Form method="post" className="desk-inline-form" aria-label={m.operator_temple_settings_label({ temple: temple.displayName })}>
          <Back />
          <input type="hidden" name="templeId" value={temple.id} />
          <CheckboxField name="onlineBooking" defaultChecked={temple.onlineBooking} label={m.operator_temple_online_booking()} />
          <CheckboxField name="isAssisted" defaultChecked={temple.isAssisted} label={m.operator_temple_assisted()} />
          <button type="submit" name="intent" value="settings" className="button button--small">
            {m.operator_save()}
          </button>
        </Form>
      </td>
      <td>
        <ul className="plain-list">
          {temple.staff.map((member) => (
            <li key={member.customerId}>
              {member.email}{" "}
              <Form method="post" className="inline-form">
                <Back />
                <input type="hidden" name="templeId" value={temple.id} />
                <input type="hidden" name="customerId" value={member.customerId} />
                <button
                  type="submit"
                  name="intent"
                  value="unassign"
                  className="link-button"
                  aria-label={m.operator_staff_remove_label({ email: member.email, temple: temple.displayName })}
                >
                  {m.operator_remove()}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <AssignStaffForm temple={temple} lastResult={lastResult} />
      </td>
    </tr>
  );
}
