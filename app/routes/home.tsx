import { Form, Link } from "react-router";
import { listActivePackages, listDeities, HOME_DEITY_LIMIT } from "~/domain/content.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const [deities, packages] = await Promise.all([
    listDeities(db, HOME_DEITY_LIMIT),
    listActivePackages(db),
  ]);
  return { deities, packages };
}

export const meta: Route.MetaFunction = () => pageMeta();

export default function Home({ loaderData }: Route.ComponentProps) {
  const { deities, packages } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title">Find a temple, book a puja, receive prasad at home</h1>
          <p>Search temples across India by name, deity or puja.</p>
          <Form method="get" action="/temples" className="search-box" role="search">
            <input type="hidden" name="key1" value="temple" />
            <label htmlFor="home-search" className="visually-hidden">
              Search temples, deities or pujas
            </label>
            <input
              id="home-search"
              name="key2"
              type="search"
              placeholder="Search temples, deities or pujas"
              autoComplete="off"
            />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </Form>
        </div>
      </section>

      <section className="page" aria-labelledby="deities-title">
        <h2 id="deities-title">Temples by deity</h2>
        <ul className="grid grid--deities">
          {deities.map((deity) => (
            <li key={deity.id} className="card deity-card">
              <Link to={`/temples/deity/${encodeURIComponent(deity.name)}`}>
                <img src={deity.imagePath} alt="" width="400" height="300" loading="lazy" decoding="async" />
                <span className="card__title">{deity.name} Temples</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="page" aria-labelledby="packages-title">
        <h2 id="packages-title">Puja packages</h2>
        <ul className="grid">
          {packages.map((pkg) => (
            <li key={pkg.id} className="card">
              <img src={pkg.imagePath} alt="" width="400" height="300" loading="lazy" decoding="async" />
              <div className="card__body">
                <h3 className="card__title">{pkg.name}</h3>
                <p className="card__text">{pkg.homePageShortDesc}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="page cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Get a website for your Temple</h2>
        <p>Give your temple an online presence, with bookings, donations and prasad by post.</p>
        <Link className="button button--primary" to="/temple-signup">
          Register your temple
        </Link>
      </section>
    </>
  );
}
