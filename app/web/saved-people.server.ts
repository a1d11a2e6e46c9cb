/**
 * A booking form's "Saved person" select, as the server reads it: without JavaScript the
 * devotee chooses a person and sends the form, and the server fills that devotee's name, star
 * and gotra from the person saved in their own account (with JavaScript the page has filled
 * them already and sends no choice). A person of another account is never found: nothing is
 * filled and the form is checked as typed.
 */
import type { Database } from "~/db/client.server";
import { savedPeopleQuery } from "~/domain/accounts/family.server";

export const SAVED_PERSON_FIELD = "savedPerson";

/** The choices a form carries: `savedPerson` (one devotee) or `devotees[2].savedPerson` (a list's). */
function choices(formData: FormData): { prefix: string; id: string }[] {
  const found = [];
  for (const [name, value] of formData) {
    if (typeof value !== "string" || value === "" || !name.endsWith(SAVED_PERSON_FIELD)) continue;
    const prefix = name.slice(0, -SAVED_PERSON_FIELD.length);
    if (prefix === "" || /^devotees\[\d{1,2}\]\.$/.test(prefix)) found.push({ prefix, id: value });
  }
  return found;
}

export function choosesSavedPerson(formData: FormData): boolean {
  return choices(formData).length > 0;
}

/** The form with each chosen person's name, star and gotra in place of the devotee's fields (a list's `name`, else `devoteeName`). */
export async function withSavedPeople(db: Database, customerId: number, formData: FormData): Promise<FormData> {
  const chosen = choices(formData);
  if (chosen.length === 0) return formData;
  const people = new Map((await savedPeopleQuery(db, customerId)).map((person) => [String(person.id), person]));
  const filled = new FormData();
  for (const [name, value] of formData) if (!name.endsWith(SAVED_PERSON_FIELD)) filled.append(name, value);
  for (const { prefix, id } of chosen) {
    const person = people.get(id);
    if (!person) continue;
    filled.set(`${prefix}${prefix ? "name" : "devoteeName"}`, person.name);
    filled.set(`${prefix}starId`, person.starId ? String(person.starId) : "");
    filled.set(`${prefix}gotra`, person.gotra);
  }
  return filled;
}
