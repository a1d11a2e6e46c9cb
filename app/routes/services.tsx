import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";

const OFFERINGS = [
  {
    title: "Full website",
    text: "A complete website for your temple with its history, deities, daily pujas, festivals and news, online puja booking and donations, and postal prasad. We host it and keep it secure.",
  },
  {
    title: "Mobile app",
    text: "Your temple in the pocket of every devotee: timings, pujas, events and bookings in an Android and iOS app with your temple's name and image.",
  },
  {
    title: "Booking only",
    text: "Already have a website? Add online booking of pujas and donations, with receipts and prasad tracking, linked from your existing pages.",
  },
  {
    title: "Listing",
    text: "A free listing on Sannidhi so devotees can find your temple by deity, district, state and the pujas you offer.",
  },
  {
    title: "Custom website",
    text: "A website designed around your temple's traditions and languages, with the pages and features your committee asks for.",
  },
];

export const meta = () =>
  pageMeta("Services", "Websites, mobile apps, online booking and listings for Hindu temples.");

export default function Services() {
  return (
    <section className="page" aria-labelledby="services-title">
      <h1 id="services-title">Services for temples</h1>
      <div className="grid">
        {OFFERINGS.map((offering) => (
          <section key={offering.title} className="card card__body" aria-label={offering.title}>
            <h2 className="card__title">{offering.title}</h2>
            <p>{offering.text}</p>
          </section>
        ))}
      </div>
      <p className="cta">
        <Link className="button button--primary" to="/temple-signup">
          Register Here
        </Link>
      </p>
    </section>
  );
}
