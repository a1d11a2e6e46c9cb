/**
 * "Book for someone saved": a select of the people saved in the devotee's account. With
 * JavaScript choosing one fills the devotee's name, star and gotra at once (and the choice is
 * cleared, so what is typed afterwards is what is sent); without it the server fills them
 * from the choice when the form is sent (app/web/saved-people.server.ts).
 */
import { m } from "~/paraglide/messages";
import type { SavedPerson } from "~/domain/accounts/family.server";

interface Props {
  /** The select's name: `savedPerson`, or `devotees[0].savedPerson` in a list. */
  name: string;
  id: string;
  label: string;
  people: SavedPerson[];
  onChoose: (person: SavedPerson) => void;
}

export function SavedPersonSelect({ name, id, label, people, onChoose }: Props) {
  if (people.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue=""
        onChange={(event) => {
          const person = people.find((row) => String(row.id) === event.currentTarget.value);
          if (!person) return;
          onChoose(person);
          event.currentTarget.value = "";
        }}
      >
        <option value="">{m.bookings_saved_person_none()}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {m.bookings_saved_person_option({ name: person.name, relation: person.relation })}
          </option>
        ))}
      </select>
    </div>
  );
}
