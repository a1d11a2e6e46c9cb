import { Form } from "~/components/localized";
import { m } from "~/paraglide/messages";

/** The Remove button of an event, news item or announcement row (posts intent=delete). */
export function RemoveMessageForm({ id, header }: { id: number; header: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="messageId" value={id} />
      <button type="submit" name="intent" value="delete" className="link-button" aria-label={m.common_remove_item({ header })}>
        {m.common_remove()}
      </button>
    </Form>
  );
}
