import { asc } from "drizzle-orm";
import { states } from "~/db/schema";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/temple-signup";

const FAQ = [
  {
    q: "What does it cost to list my temple?",
    a: "A listing is free. Websites, apps and online booking are priced by the features your temple chooses; we send a written quote after we talk to you.",
  },
  {
    q: "Who receives the money devotees pay?",
    a: "Payments for pujas and donations are settled to the temple's own bank account, with a statement of every booking.",
  },
  {
    q: "Can we issue 80G receipts for donations?",
    a: "Yes. If your temple trust has 80G registration, donation receipts carry the registration details and the devotee's PAN.",
  },
  {
    q: "How is prasad sent by post?",
    a: "Your staff see each postal booking with the devotee's address and enter the tracking number when the prasad is dispatched; the devotee is told by email.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const stateRows = await dbFrom(context).select().from(states).orderBy(asc(states.name));
  return { states: stateRows };
}

export const meta = () =>
  pageMeta("Register your temple", "Ask for a website, a mobile app or online booking for your temple.");

export default function TempleSignup({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page page--narrow" aria-labelledby="signup-title">
      <h1 id="signup-title">Get a website for your Temple</h1>
      <p>
        Temples in {loaderData.states.length} states already reach their devotees through Sannidhi.
      </p>
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        {FAQ.map((item) => (
          <details key={item.q} className="faq">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </section>
  );
}
