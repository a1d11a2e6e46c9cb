/**
 * A translated sentence with an element set inside it (a link, a bold amount), wherever the
 * language puts it: the message is built with a mark in the element's place and split there.
 * `message` gets the mark to put in its placeholder: `(mark) => m.x({ link: mark })`.
 */
import { Fragment, type ReactNode } from "react";

/** An invisible separator no message contains. */
const MARK = "\u2063";

export function MessageWith({ message, children }: { message: (mark: string) => string; children: ReactNode }) {
  const parts = message(MARK).split(MARK);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? children : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
